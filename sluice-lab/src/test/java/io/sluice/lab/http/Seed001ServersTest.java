package io.sluice.lab.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.bench.BenchFailure;
import io.sluice.bench.Datasets;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.lab.run.Lab;
import io.sluice.lab.LabCase;
import io.sluice.lab.LabOptions;
import io.sluice.lab.Profiles;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's own stack in the lab (sluice.lab-http): the Clojure servers answer the same JSON as
 * the Java pgjdbc server, a server that answers other JSON is refused before measuring, and the
 * lab runs the HTTP case on them end to end and stores it.
 */
@ServerTest
class Seed001ServersTest {
  private static final List<String> CLOJURE = List.of("http-clj-java.jdbc", "http-clj-java.jdbc-data.json",
      "http-clj-sluice");
  /** The pair of the default profile. */
  private static final List<String> PAIR = List.of("http-clj-java.jdbc", "http-clj-sluice");

  @TempDir
  Path dir;

  @Test
  @Timeout(300)
  void clojureServersAnswerTheJavaServersJson() throws Exception {
    assertTrue(HttpBench.names().containsAll(CLOJURE), "the lab finds them: " + HttpBench.names());
    Target target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    Map<String, Endpoint.Factory> clojure = HttpBench.groups().get(1);
    List<Endpoint> servers = new ArrayList<>();
    try {
      servers.add(RowsServer.pgjdbc(target, 2));
      for (String name : CLOJURE) {
        servers.add(clojure.get(name).open(target));
      }
      Bodies bodies = new Bodies();
      bodies.check(servers);   // throws when any differs from pgjdbc's
      for (Endpoint s : servers.subList(1, servers.size())) {
        assertEquals(17, Bodies.answer(s, 17).get(0).get("id").asInt(), s.name());
        assertTrue(Bodies.answer(s, 17).get(0).get("amount").isNull(), s.name() + ": amount is NULL on row 17");
      }
      try (RowsServer wrong = RowsServer.of("http-wrong", "other JSON", () -> {}, emptyObjects())) {
        BenchFailure f = assertThrows(BenchFailure.class, () -> bodies.check(List.of(wrong)));
        assertTrue(f.getMessage().contains("HTTP bodies differ: http-wrong"), f.getMessage());
      }
    } finally {
      for (Endpoint s : servers) {
        s.close();
      }
    }
    // the java.jdbc servers' shared pool closes with the last of them: no pgjdbc connection is left
    try (Connection c = Connection.open(target.uri())) {
      long left = -1;
      for (int i = 0; i < 100 && left != 0; i++) {
        left = c.query("select count(*) from pg_stat_activity where application_name = 'PostgreSQL JDBC Driver'")
            .get(0).getLong(0);
        if (left != 0) {
          Thread.sleep(100);
        }
      }
      assertEquals(0, left, "pgjdbc connections left open after every server closed");
    }
  }

  @Test
  @Timeout(600)
  void theLabRunsTheSeed001CaseOnThePair() throws Exception {
    Assumptions.assumeTrue(HttpBench.unavailable() == null, "ab is not installed (bin/sluice test installs apache2-utils)");
    Target target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    Profiles tiny = new Profiles("seed001", Warmup.fixed(1), 2, List.of("http-c16"), 100, 0, 32);
    List<LabCase> cases = tiny.cases(List.of());
    LabOptions o = LabOptions.parse("--interfaces", String.join(",", PAIR), "--dir", dir.toString());
    long runId = Lab.run(o, tiny, cases, target, null,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    try (Connection c = Connection.open(target.uri())) {
      assertEquals("done", c.query("select status from lab.run where id = $1", runId).get(0).getString(0));
      for (String name : PAIR) {
        var rows = c.query("select count(*), min(rows) from lab.measurement where run_id = $1 and workload ="
            + " 'http-c16' and interface = $2", runId, name);
        assertEquals(2, rows.get(0).getLong(0), name + ": two measured ab runs");
        assertEquals(32, rows.get(0).getLong(1), name + ": every request of each run");
      }
    }
  }

  @Test
  void theDataJsonServerIsTheFullProfilesUnlessNamed() {
    assertTrue(LabOptions.parse().interfaces().containsAll(PAIR), LabOptions.parse().interfaces().toString());
    assertTrue(!LabOptions.parse().interfaces().contains("http-clj-java.jdbc-data.json"), "not in the default profile");
    assertTrue(LabOptions.parse("--profile", "full").interfaces().containsAll(CLOJURE));
    assertEquals(List.of("http-clj-java.jdbc-data.json"),
        LabOptions.parse("--interfaces", "http-clj-java.jdbc-data.json").interfaces());
  }

  /** A server answering 500 empty objects: the right shape, other JSON. */
  private static Handler emptyObjects() {
    byte[] body = ("[" + "{},".repeat(RowsServer.ROWS_PER_REQUEST - 1) + "{}]").getBytes(StandardCharsets.UTF_8);
    return new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        RowsServer.respond(response, callback, 200, "application/json", out -> out.write(body));
        return true;
      }
    };
  }
}
