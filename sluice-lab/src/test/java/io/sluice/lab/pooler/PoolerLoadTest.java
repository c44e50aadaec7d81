package io.sluice.lab.pooler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.bench.Progress;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.lab.LabCase;
import io.sluice.lab.Profiles;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pooler case's shape and its skip: the case is named by its operations outside the full
 * profile, runs itself, and without the lab's own server (a URL given) is skipped with a note.
 * (Its run through PgBouncer needs the lab's data sets: {@code bin/sluice lab --only pooler}.)
 */
class PoolerLoadTest {
  @Test
  void theCaseIsRegisteredAndSizedByProfile() {
    assertTrue(Profiles.caseNames().contains("pooler"));
    List<LabCase> quick = Profiles.named("quick").cases(List.of("pooler"));
    assertEquals("pooler-800", quick.get(0).name());
    assertTrue(Profiles.runsItself(quick.get(0)));
    assertEquals("pooler", Profiles.named("full").cases(List.of("pooler")).get(0).name());
    assertEquals(8_000, PoolerLoad.workload(8_000).expectedRows());
    assertEquals(32, PoolerLoad.workload(1).expectedRows(), "at least a select and a transaction per thread");
  }

  @Test
  void givenAServersUrlTheCaseIsSkippedWithANote() throws Exception {
    List<String> notes = new ArrayList<>();
    List<Series> results = new ArrayList<>();
    PoolerLoad.run(PoolerLoad.workload(32), new Target("h", 5432, "db", "u", null, "18"), null,
        List.of("sluice", "pgjdbc"), Warmup.fixed(1), 1, new Progress(new PrintStream(OutputStream.nullOutputStream()),
            false), results, new HashMap<>(), notes);
    assertTrue(results.isEmpty());
    assertTrue(notes.get(0).startsWith("pooler-32 skipped"), notes.toString());
  }
}
