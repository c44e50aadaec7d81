package io.sluice.jdbc.internal;

import io.sluice.SluiceException;
import java.sql.SQLException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The probe of {@link SluiceConnection#isValid}: an empty query (which even an aborted transaction
 * answers) run on the calling thread, or on a helper thread waited for at most the timeout.
 */
final class ConnectionProbe {
  /** The probe's work: an empty query on the connection's session. */
  @FunctionalInterface
  interface Probe {
    void run() throws SQLException;
  }

  private ConnectionProbe() {}

  /** Whether {@code probe} succeeds: on this thread when {@code here}, else within {@code timeoutSeconds}. */
  static boolean works(Probe probe, boolean here, int timeoutSeconds) {
    if (here) {
      try {
        probe.run();
        return true;
      } catch (SluiceException | SQLException | IllegalStateException e) {
        return false;
      }
    }
    FutureTask<Boolean> task = new FutureTask<>(() -> {
      probe.run();
      return Boolean.TRUE;
    });
    Thread.ofVirtual().name("sluice-jdbc-isValid").start(task);
    try {
      return task.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException | ExecutionException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
