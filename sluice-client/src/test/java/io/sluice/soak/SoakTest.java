package io.sluice.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.sluice.Pool;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The soak test (issue 17): {@code sluice.soak.threads} virtual threads read and write through a
 * {@link Pool}, which reaches a private server through a {@link FaultProxy}, while the server is
 * restarted, its backends terminated, killed and frozen, and the links reset and cut. Not part of
 * the default run (tag {@code soak}, excluded in sluice-client/pom.xml); run it with
 * {@code bin/sluice mvn -B -ntp test -pl sluice-client -Psoak -Dsluice.pg=18}
 * (add {@code -Dsluice.soak.minutes=1} for a short run; see {@link SoakPlan} for the other knobs).
 * The summary is printed and written to {@code target/soak-summary.txt}.
 */
@Tag("soak")
@Timeout(value = 150, unit = TimeUnit.MINUTES)   // a backstop: the run's own limit comes from its plan
@ServerTest
class SoakTest {

  @Test
  void thePoolKeepsItsPromisesWhileTheServerAndTheLinkFail() {
    SoakPlan plan = SoakPlan.fromSystemProperties();
    SoakRun run = assertTimeoutPreemptively(plan.hardLimit(), () -> soak(plan));
    assertEquals(0, run.violations.total(), SoakSummary.of(plan, run));
  }

  private static SoakRun soak(SoakPlan plan) throws Exception {
    try (PostgresServer pg = PostgresServer.start(SoakPlan.serverOptions());
        FaultProxy proxy = FaultProxy.start(pg.host(), pg.port())) {
      pg.psql("create table soak (id int8 primary key, writer int4 not null);"
          + " alter table soak owner to " + SoakPlan.POOL_ROLE);
      try (Pool pool = Pool.open(SoakPlan.poolUrl(pg, proxy), SoakPlan.poolOptions())) {
        SoakRun run = new SoakRun(plan, pg, proxy, pool);
        try {
          run.run();
        } finally {
          report(SoakSummary.of(plan, run));
        }
        return run;
      }
    }
  }

  private static void report(String summary) throws IOException {
    System.out.print(summary);
    Path target = Path.of("target");
    if (Files.isDirectory(target)) {
      Files.writeString(target.resolve("soak-summary.txt"), summary, StandardCharsets.UTF_8);
    }
  }
}
