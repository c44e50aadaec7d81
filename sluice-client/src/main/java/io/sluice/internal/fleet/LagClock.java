package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import java.time.Duration;
import java.util.Optional;

/**
 * How far behind a standby is, in time: "it has not replayed WAL the primary wrote longer ago than
 * X". Each probe of the primary records a sample (when, the primary's WAL position); a standby that
 * has replayed up to {@code R} lags by the age of the oldest sample past {@code R} — the WAL it
 * has not replayed has existed on the primary at least that long — and by zero once {@code R}
 * reaches the newest sample.
 *
 * <p>Unlike {@code now() - pg_last_xact_replay_timestamp()} on the standby, this stays right when
 * the primary is idle (no new commit timestamps to compare with, so that formula grows without
 * bound) and needs no clock agreement between machines: every time here is this JVM's monotonic
 * clock, passed in by the caller (tests pass their own).
 *
 * <p>Precision: WAL is written between two primary probes, so the lag reads short by at most one
 * probe interval. Only samples that move the position forward are kept (an idle primary adds
 * none), at most {@code capacity} of them, oldest dropped first; a standby behind every kept
 * sample lags at least as long as the oldest one's age, which is what is reported.
 *
 * <p>Thread-safe.
 */
public final class LagClock {
  private final long[] nanos;
  private final long[] positions;
  private int head; // index of the oldest sample
  private int size;

  /** A clock keeping up to {@code capacity} samples (at least 2). */
  public LagClock(int capacity) {
    if (capacity < 2) {
      throw new IllegalArgumentException("a lag clock needs room for at least 2 samples: " + capacity);
    }
    this.nanos = new long[capacity];
    this.positions = new long[capacity];
  }

  /**
   * Records that the primary had written up to {@code position} at {@code atNanos}. A position
   * not past the newest sample adds nothing (idle primary; or an older timeline's server).
   */
  public synchronized void record(long atNanos, Lsn position) {
    if (!position.isValid()) {
      return;
    }
    if (size > 0 && Long.compareUnsigned(position.value(), positions[index(size - 1)]) <= 0) {
      return;
    }
    if (size == nanos.length) {
      head = (head + 1) % nanos.length;
      size--;
    }
    int i = index(size);
    nanos[i] = atNanos;
    positions[i] = position.value();
    size++;
  }

  /**
   * The lag of a standby that has replayed up to {@code replayed}, at {@code nowNanos}; empty
   * while no sample exists (nothing is known about the primary yet). An invalid {@code replayed}
   * (nothing replayed) counts as behind everything.
   */
  public synchronized Optional<Duration> lag(Lsn replayed, long nowNanos) {
    if (size == 0) {
      return Optional.empty();
    }
    long r = replayed.value();
    if (Long.compareUnsigned(r, positions[index(size - 1)]) >= 0) {
      return Optional.of(Duration.ZERO);
    }
    // binary search for the oldest sample whose position is past r (positions ascend)
    int lo = 0;
    int hi = size - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Long.compareUnsigned(positions[index(mid)], r) > 0) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return Optional.of(Duration.ofNanos(Math.max(0, nowNanos - nanos[index(lo)])));
  }

  /**
   * The oldest primary position still recorded, or {@link Lsn#INVALID}: for a standby behind it,
   * {@link #lag} is only a lower bound (how long the clock has been watching, not how far behind
   * the standby is), so a router must not take it as fresh.
   */
  public synchronized Lsn oldest() {
    return size == 0 ? Lsn.ZERO : new Lsn(positions[head]);
  }

  /** The newest primary position recorded, or {@link Lsn#INVALID}. */
  synchronized Lsn newest() {
    return size == 0 ? Lsn.ZERO : new Lsn(positions[index(size - 1)]);
  }

  /**
   * When the primary was first seen at or past {@code position} (the time of the oldest sample
   * there): an upper bound on when it wrote that WAL. Empty when no sample reaches it (written
   * after the newest probe of the primary, so no earlier than that probe).
   */
  public synchronized java.util.OptionalLong seenAt(Lsn position) {
    long p = position.value();
    for (int k = 0; k < size; k++) {
      if (Long.compareUnsigned(positions[index(k)], p) >= 0) {
        return java.util.OptionalLong.of(nanos[index(k)]);
      }
    }
    return java.util.OptionalLong.empty();
  }

  /** When the newest sample was taken (the primary's position last seen to grow); 0 while there is none. */
  public synchronized long newestAtNanos() {
    return size == 0 ? 0 : nanos[index(size - 1)];
  }

  /**
   * Forgets every sample: another server is the primary now (a promotion). Its WAL continues on a
   * new timeline from the promotion point, which may be behind what the old primary had written
   * (WAL no standby received): positions of the old one would make a standby that follows the new
   * primary seem behind until the new one writes past them.
   */
  public synchronized void reset() {
    head = 0;
    size = 0;
  }

  /** How many samples are kept now. */
  public synchronized int size() {
    return size;
  }

  private int index(int k) {
    return (head + k) % nanos.length;
  }
}
