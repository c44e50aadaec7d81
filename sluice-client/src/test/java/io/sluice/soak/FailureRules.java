package io.sluice.soak;

import io.sluice.PoolExhaustedException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.time.Duration;

/**
 * Which failed calls break a promise whatever their write's fate:
 * <ul>
 *   <li>{@code UNKNOWN} for a call begun after the last fault had ended (its backends had exited,
 *       the server was back, the links were reset) when the server's goodbye — FATAL
 *       {@code 57P01} admin_shutdown or {@code 57P02} crash_shutdown — is in the failure: that
 *       message was sent before the call began, so the call was written to a dead connection;
 *       without it, only past {@link FaultClock#GRACE}, the time the EOF may take to arrive;
 *   <li>any failure of a call with no fault near it ({@link FaultClock#faultFree});
 *   <li>a refusal for too many connections ({@code 53300}) handed to a caller before its acquire
 *       timeout, instead of a wait for the connections the pool has.
 * </ul>
 */
record FailureRules(FaultClock clock, Violations violations, Duration acquireTimeout) {
  /** A refusal this much sooner than the acquire timeout did not wait for it. */
  private static final double WAITED_ENOUGH = 0.9;

  /** Judges a call that failed with {@code failure} after {@code tookNanos}, having begun at {@code mark}. */
  void judge(String call, Throwable failure, FaultClock.Mark mark, long tookNanos) {
    String detail = call + " begun " + (mark.calmNanos() < 0 ? "during a fault" : mark.calmNanos() / 1_000_000
        + " ms after the last fault") + ", failed after " + tookNanos / 1_000_000 + " ms: " + Tally.reason(failure);
    boolean unknown = failure instanceof SluiceException se && se.outcome() == SluiceException.Outcome.UNKNOWN;
    if (unknown && clock.noFaultSince(mark) && sqlState(failure, "57P01", "57P02")) {
      violations.add(Violations.Kind.UNKNOWN_ON_DEAD_CONNECTION, detail);
    } else if (clock.faultFree(mark)) {
      violations.add(kindWithoutFault(failure), detail);
    }
    // 53300 too_many_connections (PostgreSQL's errcodes.txt)
    if (sqlState(failure, "53300") && tookNanos < WAITED_ENOUGH * acquireTimeout.toNanos()) {
      violations.add(Violations.Kind.REFUSED_WITHOUT_WAITING, detail);
    }
  }

  private static Violations.Kind kindWithoutFault(Throwable failure) {
    if (failure instanceof PoolExhaustedException) {
      return Violations.Kind.ACQUIRE_TIMEOUT_WITHOUT_FAULT;
    }
    if (failure instanceof SluiceException se && se.outcome() == SluiceException.Outcome.UNKNOWN) {
      return Violations.Kind.UNKNOWN_ON_DEAD_CONNECTION;
    }
    return Violations.Kind.FAILURE_WITHOUT_FAULT;
  }

  /** Whether a server error with one of {@code states} is anywhere in the cause chain. */
  private static boolean sqlState(Throwable failure, String... states) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ServerException se && java.util.Arrays.asList(states).contains(se.sqlState())) {
        return true;
      }
    }
    return false;
  }
}
