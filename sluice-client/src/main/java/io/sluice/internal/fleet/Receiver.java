package io.sluice.internal.fleet;

/**
 * A standby's WAL receiver as its probe saw it in {@code pg_stat_wal_receiver} (one row while a
 * receiver process runs, none otherwise; PostgreSQL 9.6 and later).
 */
public enum Receiver {
  /** {@code status = 'streaming'}: WAL arrives from an upstream server. */
  STREAMING,
  /** A receiver that is not streaming: {@code starting}, {@code waiting}, {@code restarting}, {@code stopping}. */
  NOT_STREAMING,
  /** No receiver process: nothing new arrives by streaming (its upstream is gone, or it replays from an archive). */
  NONE,
  /**
   * A receiver whose status the probe's role may not read: only roles with the privileges of
   * {@code pg_read_all_stats} see more than its {@code pid}. Judged by replay progress alone.
   */
  HIDDEN,
  /** Not a standby. */
  NOT_A_STANDBY;

  /** The receiver for the probe's column: null for no row, {@code hidden} for a status not shown, else the status. */
  static Receiver of(String status, boolean standby) {
    if (!standby) {
      return NOT_A_STANDBY;
    }
    if (status == null) {
      return NONE;
    }
    return switch (status) {
      case "streaming" -> STREAMING;
      case HostProbe.HIDDEN -> HIDDEN;
      default -> NOT_STREAMING;
    };
  }
}
