package io.sluice.soak;

import io.sluice.PoolExhaustedException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.time.Duration;

/**
 * Which failed calls break a promise whatever their write's fate: any failure of a call with no
 * fault near it ({@link FaultClock#faultFree}), and a refusal for too many connections
 * ({@code 53300}) handed to a caller before its acquire timeout, while the pool still has
 * connections to wait for.
 */
final class FailureRules {
  /** A refusal this much sooner than the acquire timeout did not wait for it. */
  private static final double WAITED_ENOUGH = 0.9;

  private final FaultClock clock;
  private final Violations violations;
  private final long acquireTimeoutNanos;

  FailureRules(FaultClock clock, Violations violations, Duration acquireTimeout) {
    this.clock = clock;
    this.violations = violations;
    this.acquireTimeoutNanos = acquireTimeout.toNanos();
  }

  /** Judges a call that failed with {@code failure} after {@code tookNanos}, having begun at {@code mark}. */
  void judge(String call, Throwable failure, FaultClock.Mark mark, long tookNanos) {
    String detail = call + " begun " + (mark.calmNanos() < 0 ? "during a fault" : mark.calmNanos() / 1_000_000
        + " ms after the last fault") + ", failed after " + tookNanos / 1_000_000 + " ms: " + Tally.reason(failure);
    if (clock.faultFree(mark)) {
      violations.add(kindWithoutFault(failure), detail);
    }
    if (refusedForTooManyConnections(failure) && tookNanos < WAITED_ENOUGH * acquireTimeoutNanos) {
      violations.add(Violations.Kind.REFUSED_WITHOUT_WAITING, detail);
    }
  }

  private static Violations.Kind kindWithoutFault(Throwable failure) {
    if (failure instanceof PoolExhaustedException) {
      return Violations.Kind.ACQUIRE_TIMEOUT_WITHOUT_FAULT;
    }
    if (failure instanceof SluiceException se && se.outcome() == SluiceException.Outcome.UNKNOWN) {
      return Violations.Kind.UNKNOWN_WITHOUT_FAULT;
    }
    return Violations.Kind.FAILURE_WITHOUT_FAULT;
  }

  /** SQLSTATE 53300, too_many_connections (PostgreSQL's errcodes.txt), anywhere in the cause chain. */
  private static boolean refusedForTooManyConnections(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ServerException se && "53300".equals(se.sqlState())) {
        return true;
      }
    }
    return false;
  }
}
