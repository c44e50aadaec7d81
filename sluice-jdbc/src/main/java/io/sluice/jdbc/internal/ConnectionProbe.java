package io.sluice.jdbc.internal;

import io.sluice.SluiceException;
import java.sql.SQLException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The probe of {@link SluiceConnection#isValid}: an empty query (which even an aborted transaction
 * answers), waited for at most {@link #bound}: JDBC's {@code isValid(timeout)}, the network
 * timeout ({@code setNetworkTimeout}) when shorter, and never longer than {@link #MAX_WAIT}, so
 * that a stalled connection cannot hold a pool's validation forever (pgjdbc's {@code isValid(0)}
 * waits as long as its socket timeout, which is none by default).
 */
final class ConnectionProbe {
  /** The longest any probe waits, {@code isValid(0)} included: as long as {@code pin_timeout}'s default. */
  static final long MAX_WAIT_MILLIS = 30_000;

  /** The probe's work: an empty query on the connection's session. */
  @FunctionalInterface
  interface Probe {
    void run() throws SQLException;
  }

  private ConnectionProbe() {}

  /** How long {@code isValid(timeoutSeconds)} waits: the shorter timeout of the two given (0: none), at most the cap. */
  static long bound(int timeoutSeconds, int networkTimeoutMillis) {
    long bound = timeoutSeconds > 0 ? Math.min(timeoutSeconds * 1000L, MAX_WAIT_MILLIS) : MAX_WAIT_MILLIS;
    return networkTimeoutMillis > 0 ? Math.min(bound, networkTimeoutMillis) : bound;
  }

  /** Whether {@code probe} succeeds on this thread (the caller bounds it). */
  static boolean worksHere(Probe probe) {
    try {
      probe.run();
      return true;
    } catch (SluiceException | SQLException | IllegalStateException e) {
      return false;
    }
  }

  /**
   * Whether {@code probe} succeeds within {@code millis}, run on a helper thread: a stalled
   * connection answers nothing, and the caller must not wait for it. The helper is left waiting
   * for the answer or for the connection to close.
   */
  static boolean worksWithin(Probe probe, long millis) {
    FutureTask<Boolean> task = new FutureTask<>(() -> {
      probe.run();
      return Boolean.TRUE;
    });
    Thread.ofVirtual().name("sluice-jdbc-isValid").start(task);
    try {
      return task.get(millis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
