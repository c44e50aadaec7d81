package io.sluice.poolers;

import io.sluice.testkit.PgBouncer;
import io.sluice.testkit.PostgresServer;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;

/**
 * What the PgBouncer tests share: the skip when Debian's pgbouncer is missing, the connection
 * strings, and a bounded wait. The server is the JVM's shared one: 18 in the suite's first pass,
 * 15 in its second ({@code sluice.pg}).
 */
final class Bouncers {
  private Bouncers() {}

  /** The shared server, or the test class skipped with a message saying why. */
  static PostgresServer serverOrSkip(String test) {
    if (PgBouncer.available().isEmpty()) {
      System.err.println(test + " SKIPPED: pgbouncer is not installed (Debian package pgbouncer;"
          + " bin/sluice test installs it when run as root)");
    }
    Assumptions.assumeTrue(PgBouncer.available().isPresent(), "pgbouncer is not installed");
    PostgresServer pg = PostgresServer.shared();
    Assumptions.assumeTrue(pg.prepared(), "needs a local test server");
    return pg;
  }

  static String url(PgBouncer b, PostgresServer pg, String extra) {
    return "host=" + b.host() + " port=" + b.port() + " user=" + pg.superuser() + " dbname=" + pg.database()
        + " sslmode=disable " + extra;
  }

  /** Straight to the server, past PgBouncer. */
  static String direct(PostgresServer pg) {
    return pg.conninfo("sslmode=disable");
  }

  /** Waits until {@code condition} holds, at most {@code timeout}; false if it never did. */
  static boolean await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    long pause = 5;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        return false;
      }
      Thread.sleep(pause);
      pause = Math.min(100, pause * 2);
    }
    return true;
  }
}
