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
 */
public final class HostProbe {
  /** The statement: in_recovery, read_only, position (text), received (text, standby only). */
  public static final String SQL = "WITH r AS (SELECT pg_is_in_recovery() AS standby)"
      + " SELECT r.standby, current_setting('transaction_read_only') = 'on',"
      + " (CASE WHEN r.standby THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text,"
      + " (CASE WHEN r.standby THEN pg_last_wal_receive_lsn() END)::text"
      + " FROM r";

  /** What one probe read. */
  public record Reading(ServerRole role, Lsn position, Lsn received) {}

  private HostProbe() {}

  /**
   * Runs the probe on {@code connection} (its own query timeout applies).
   *
   * @throws io.sluice.SluiceException when the statement fails or the connection is lost
   */
  public static Reading probe(Connection connection) {
    Row row = connection.query(SQL).get(0);
    return read(row.getBoolean(0), row.getBoolean(1), row.getString(2), row.getString(3));
  }

  /** The reading for the probe's four columns. */
  static Reading read(boolean inRecovery, boolean readOnly, String position, String received) {
    ServerRole role = inRecovery ? ServerRole.STANDBY : readOnly ? ServerRole.READ_ONLY_PRIMARY : ServerRole.PRIMARY;
    return new Reading(role, lsnOrZero(position), lsnOrZero(received));
  }

  /** A NULL {@code pg_lsn} (a standby that has replayed nothing yet) is no position. */
  private static Lsn lsnOrZero(String text) {
    return text == null ? Lsn.ZERO : Lsn.parse(text);
  }
}
