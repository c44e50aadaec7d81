package io.sluice.internal.calls;

import io.sluice.ServerException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/** When re-running a whole transaction is the right answer to its failure, and how long to wait first. */
public final class Retries {
  private Retries() {}

  /** A serialization failure ({@code 40001}) or a deadlock ({@code 40P01}) anywhere in the cause chain. */
  public static boolean isTransient(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ServerException se && (se.sqlState().equals("40001") || se.sqlState().equals("40P01"))) {
        return true;
      }
    }
    return false;
  }

  /** A random pause that grows with the attempt (1 ms up to 2^attempt ms, at most 100 ms), so rivals part ways. */
  public static void pause(int attempt) {
    long maxMillis = Math.min(100, 1L << Math.min(attempt + 1, 7));
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1, maxMillis + 1) * 1_000_000L);
  }
}
