package io.sluice.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.bench.Datasets;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.lab.run.Lab;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab runs ODBC (both fetch methods) and the Node peers on their cases, over TCP, the Unix
 * socket and the remote link, writes the ODBC data sources in its own directory, and stores every
 * execution in its results schema with checksums that agree with libpq's.
 */
@ServerTest
class LabPeersTest {
  private static final List<String> INTERFACES = List.of("libpq", "odbc", "odbc-cursor", "postgres.js", "node-postgres");

  @TempDir
  Path dir;

  @Test
  @Timeout(600)
  void peersRunTheirCasesAndAreStored() throws Exception {
    Assumptions.assumeTrue(Files.isDirectory(Path.of("node", "node_modules", "postgres")),
        "skipped: the npm packages are not installed in sluice-lab/node (bin/sluice test installs them with npm ci)");
    Target target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    Profiles small = new Profiles("peers", Warmup.fixed(1), 1, List.of("t50k", "point-seq", "connect-per-query",
        "n10-select", "n10-insert"), 100, 20, 50);
    List<LabCase> cases = small.cases(List.of());
    LabOptions o = LabOptions.parse("--interfaces", String.join(",", INTERFACES), "--dir", dir.toString());
    long runId = Lab.run(o, small, cases, target, PostgresServer.shared().socketDirectory().toString(),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    assertTrue(Files.isRegularFile(dir.resolve("odbc").resolve("odbcinst.ini")), "the lab's own odbcinst.ini");
    try (Connection c = Connection.open(target.uri())) {
      assertEquals("done", c.query("select status from lab.run where id = $1", runId).get(0).getString(0));
      Set<String> ran = new TreeSet<>();
      for (var r : c.query("select distinct workload || ' ' || interface from lab.measurement where run_id = $1", runId)) {
        ran.add(r.getString(0));
      }
      for (String odbc : List.of("odbc", "odbc-cursor")) {
        for (String w : List.of("t50k", "t50k@unix", "point-seq-100", "point-seq-100@unix", "point-seq-20@remote")) {
          assertTrue(ran.contains(w + " " + odbc), w + " on " + odbc + " in " + ran);
        }
      }
      // the profile cuts connect-per-query shorter; only the normal mode connects per query (as libpq's)
      assertTrue(ran.stream().anyMatch(s -> s.startsWith("connect-per-query") && s.endsWith(" odbc")), ran.toString());
      assertTrue(ran.stream().noneMatch(s -> s.startsWith("connect-per-query") && s.endsWith(" odbc-cursor")),
          ran.toString());
      for (String node : List.of("postgres.js", "node-postgres")) {
        assertEquals(Set.of("n10-select-100 " + node, "n10-insert-100 " + node),
            ran.stream().filter(s -> s.endsWith(" " + node)).collect(java.util.stream.Collectors.toSet()));
      }
      assertEquals(0, c.query("select count(*) from (select workload from lab.measurement where run_id = $1"
          + " group by workload having count(distinct checksum) > 1) d", runId).get(0).getLong(0),
          "every interface agreed with libpq on every case");
    }
  }
}
