package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.ServerRole;

/**
 * The probe of one host: its role and WAL position in one statement, so one round trip.
 *
 * <p>{@code pg_is_in_recovery()} is read once, in a CTE (a CTE calling a volatile function is
 * evaluated once, never inlined), and decides which position function runs: {@code
 * pg_current_wal_lsn()} raises "recovery is in progress" on a standby, so it must not run there,
 * and a promotion between two calls must not split the answer. {@code transaction_read_only} is
 * the implicit transaction's, so it shows {@code default_transaction_read_only} (and is on in hot
 * standby): a primary that has it on is {@link ServerRole#READ_ONLY_PRIMARY}, never writable — the
 * check libpq's {@code target_session_attrs=read-write} makes with {@code SHOW
 * transaction_read_only}.
 *
 * <p>A standby's probe also reads whether replay is paused ({@code pg_is_wal_replay_paused()}) and
 * its WAL receiver's status ({@code pg_stat_wal_receiver}): with {@link Receiver} and the progress
 * of its replay position they tell whether it can catch up ({@link Stall}). Both run only on a
 * standby ({@code pg_is_wal_replay_paused()} raises "recovery is not in progress" elsewhere).
 */
public final class HostProbe {
  /** The receiver status column's value when a receiver runs but its status is not shown to this role. */
  static final String HIDDEN = "hidden";

  /**
   * The statement: in_recovery, read_only, position (text), received (text), replay paused, receiver
   * status (the last three on a standby only; the status null when no receiver runs).
   */
  public static final String SQL = "WITH r AS (SELECT pg_is_in_recovery() AS standby)"
      + " SELECT r.standby, current_setting('transaction_read_only') = 'on',"
      + " (CASE WHEN r.standby THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text,"
      + " (CASE WHEN r.standby THEN pg_last_wal_receive_lsn() END)::text,"
      + " CASE WHEN r.standby THEN pg_is_wal_replay_paused() ELSE false END,"
      + " CASE WHEN r.standby THEN (SELECT coalesce(w.status, '" + HIDDEN + "') FROM pg_stat_wal_receiver w LIMIT 1) END"
      + " FROM r";

  /**
   * What one probe read.
   *
   * @param paused a standby whose replay is paused ({@code pg_wal_replay_pause()}, or a recovery
   *     target reached with {@code recovery_target_action = pause})
   * @param receiver a standby's WAL receiver; {@link Receiver#NOT_A_STANDBY} otherwise
   */
  public record Reading(ServerRole role, Lsn position, Lsn received, boolean paused, Receiver receiver) {}

  private HostProbe() {}

  /**
   * Runs the probe on {@code connection} (its own query timeout applies).
   *
   * @throws io.sluice.SluiceException when the statement fails or the connection is lost
   */
  public static Reading probe(Connection connection) {
    Row row = connection.query(SQL).get(0);
    return read(row.getBoolean(0), row.getBoolean(1), row.getString(2), row.getString(3), row.getBoolean(4),
        row.getString(5));
  }

  /** The reading for the probe's columns of a server that is not a standby, or of a streaming one. */
  static Reading read(boolean inRecovery, boolean readOnly, String position, String received) {
    return read(inRecovery, readOnly, position, received, false, inRecovery ? "streaming" : null);
  }

  /** The reading for the probe's six columns. */
  static Reading read(boolean inRecovery, boolean readOnly, String position, String received, boolean paused,
      String receiver) {
    ServerRole role = inRecovery ? ServerRole.STANDBY : readOnly ? ServerRole.READ_ONLY_PRIMARY : ServerRole.PRIMARY;
    return new Reading(role, lsnOrZero(position), lsnOrZero(received), inRecovery && paused,
        Receiver.of(receiver, inRecovery));
  }

  /** A NULL {@code pg_lsn} (a standby that has replayed nothing yet) is no position. */
  private static Lsn lsnOrZero(String text) {
    return text == null ? Lsn.ZERO : Lsn.parse(text);
  }
}
