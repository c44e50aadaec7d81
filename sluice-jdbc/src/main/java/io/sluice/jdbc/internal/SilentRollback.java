package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.sql.SQLWarning;

/**
 * {@code commit} of a transaction that a failed statement aborted. PostgreSQL answers such a
 * COMMIT with the command tag {@code ROLLBACK}: nothing is written. pgjdbc's {@code commit} then
 * returns normally, and code written for it relies on that (a Spring transaction whose code caught
 * a {@code DataAccessException} and went on commits at the end); with pgjdbc's {@code
 * raiseExceptionOnSilentRollback=true} it throws ({@code 25P02}, {@code in_failed_sql_transaction},
 * as pgjdbc). Either way the rollback is not invisible: an {@link SQLWarning} on the connection, and
 * Sluice's transaction end event ({@code ROLLED_BACK}, whose cause is the refusal to commit).
 */
final class SilentRollback {
  /** {@code in_failed_sql_transaction}: what pgjdbc's strict mode says, and the warning's state. */
  static final String STATE = "25P02";

  private SilentRollback() {}

  /**
   * Reports the rollback: a warning, and with {@code raise} an exception.
   *
   * @param failure the statement failure that aborted the transaction, if the driver saw it
   * @param refusal Sluice's refusal to commit, the exception's cause when there is no failure
   */
  static void report(ConnectionWarnings warnings, boolean raise, SQLException failure, Throwable refusal)
      throws SQLException {
    String message = "the transaction was rolled back, not committed: a statement in it failed"
        + (failure == null ? "" : " (" + failure.getSQLState() + ": " + failure.getMessage() + ")");
    warnings.add(new SQLWarning(message, STATE));
    if (raise) {
      throw SqlErrors.forState(STATE, message, 3, failure != null ? failure : refusal);
    }
  }
}
