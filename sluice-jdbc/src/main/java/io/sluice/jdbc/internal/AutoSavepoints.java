package io.sluice.jdbc.internal;

import io.sluice.ConfigException;
import io.sluice.ServerException;
import io.sluice.internal.calls.Connections;
import io.sluice.protocol.TransactionStatus;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * pgjdbc's {@code autosave}: a savepoint before each statement of a transaction, so that a
 * statement's failure need not abort the transaction. PostgreSQL aborts the whole transaction at
 * the first error (every later statement fails with 25P02 until it ends); with a savepoint set
 * just before the statement, {@code ROLLBACK TO SAVEPOINT} undoes only the failed statement.
 *
 * <ul>
 *   <li>{@link Mode#NEVER} (the default): no savepoint; a failed statement aborts its transaction.
 *   <li>{@link Mode#CONSERVATIVE}: the savepoint is rolled back to only when the failure is one a
 *       second try heals: the server lost the prepared statement (26000, after {@code DEALLOCATE
 *       ALL} or {@code DISCARD ALL}) or refused a re-planned one whose columns changed (0A000
 *       "cached plan must not change result type", plancache.c's {@code RevalidateCachedQuery});
 *       the statement, prepared again, then runs once more. Any other failure aborts the
 *       transaction, as with {@code never}.
 *   <li>{@link Mode#ALWAYS}: every failure is rolled back to the savepoint and the transaction goes
 *       on; a healing failure runs the statement once more too.
 * </ul>
 *
 * The savepoint costs no round trip: the engine writes {@code SAVEPOINT PGJDBC_AUTOSAVE} in front
 * of the statement's own messages ({@code RequestEngine.deferSavepoint}), as it does a
 * transaction's {@code BEGIN}. The rollback is one round trip, only after a failure. Savepoints
 * are not released: PostgreSQL keeps a savepoint per statement until the transaction ends, and
 * {@code ROLLBACK TO} names the newest of that name. No savepoint goes before the statements that
 * cannot run inside one or that manage savepoints themselves (pgjdbc's list: {@code COMMIT}, {@code
 * SET TRANSACTION}, {@code SET SESSION CHARACTERISTICS}, {@code SAVEPOINT}, {@code RELEASE},
 * {@code ROLLBACK TO SAVEPOINT}): one set before {@code SAVEPOINT s} would sit under {@code s}.
 */
public final class AutoSavepoints {
  /** pgjdbc's {@code AutoSave} values. */
  public enum Mode {
    NEVER, CONSERVATIVE, ALWAYS;

    /** The mode a connection parameter names (any case). */
    public static Mode of(String value) {
      return switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "never" -> NEVER;
        case "conservative" -> CONSERVATIVE;
        case "always" -> ALWAYS;
        default -> throw new ConfigException("autosave=" + DriverSettings.quoted(value)
            + " is not one of never, conservative, always");
      };
    }
  }

  /** pgjdbc's name for it, so that logs and scripts that look for it find it. */
  static final String NAME = "PGJDBC_AUTOSAVE";

  /** Statements, run with a savepoint in front of them. */
  interface Attempt<T> {
    T run() throws SQLException;
  }

  private final SluiceConnection connection;
  private final JdbcTransaction tx;
  private volatile Mode mode;

  AutoSavepoints(SluiceConnection connection, JdbcTransaction tx, Mode mode) {
    this.connection = connection;
    this.tx = tx;
    this.mode = mode;
  }

  public Mode mode() {
    return mode;
  }

  /** pgjdbc's {@code PGConnection.setAutosave}: from the connection's next statement on. */
  public void mode(Mode m) {
    mode = java.util.Objects.requireNonNull(m, "autosave mode");
  }

  /**
   * Runs {@code attempt}, the statements {@code sql} of the transaction in progress (none in
   * auto-commit: then it just runs), with a savepoint in front when the mode asks for one. On a
   * failure the mode says to roll back, the transaction is rolled back to the savepoint, so that it
   * goes on without the failed statements, and the failure is thrown; when {@code retry} (a single
   * statement) and the failure is one a second try heals, the statement runs once more instead.
   */
  <T> T run(boolean inTransaction, List<String> sql, boolean retry, Attempt<T> attempt) throws SQLException {
    Mode m = mode;
    if (m == Mode.NEVER || !inTransaction || sql.isEmpty() || manages(sql.get(0))) {
      return attempt.run();
    }
    for (int tries = 0; ; tries++) {
      defer();
      try {
        return attempt.run();
      } catch (SQLException e) {
        boolean heals = heals(e);
        if (!(m == Mode.ALWAYS || heals) || !aborted()) {
          throw e;
        }
        rollBack(e);
        if (!(retry && heals && tries == 0)) {
          throw e;
        }
      }
    }
  }

  /** The savepoint, deferred to the front of this thread's next request on the transaction's session. */
  private void defer() {
    Connections.core(connection.sluice()).deferSavepoint("SAVEPOINT " + NAME);
  }

  private boolean aborted() {
    return Connections.core(connection.sluice()).transactionStatus() == TransactionStatus.FAILED;
  }

  private void rollBack(SQLException failure) {
    try {
      connection.inSession(s -> s.simpleQuery("ROLLBACK TO SAVEPOINT " + NAME));
      tx.recovered();
    } catch (SQLException | io.sluice.SluiceException e) {
      failure.setNextException(e instanceof SQLException s ? s : SqlErrors.of((io.sluice.SluiceException) e));
    }
  }

  /** Statements that must not have a savepoint in front (see the class comment). */
  static boolean manages(String sql) {
    String s = sql.stripLeading();
    return s.equalsIgnoreCase("COMMIT") || starts(s, "SET TRANSACTION") || starts(s, "SET LOCAL TRANSACTION")
        || starts(s, "SET SESSION TRANSACTION") || starts(s, "SET SESSION CHARACTERISTICS")
        || starts(s, "SAVEPOINT") || starts(s, "RELEASE") || starts(s, "ROLLBACK TO");
  }

  private static boolean starts(String s, String prefix) {
    return s.regionMatches(true, 0, prefix, 0, prefix.length());
  }

  /**
   * A failure a second try heals: the statement did not run, because the server lost it (26000)
   * or its re-plan changed its columns (0A000 "cached plan must not change result type"); Sluice
   * prepares it again at its next use.
   */
  static boolean heals(SQLException e) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof ServerException s) {
        return s.sqlState().equals("26000")
            || (s.sqlState().equals("0A000") && s.serverMessage().contains("cached plan"));
      }
    }
    return false;
  }
}
