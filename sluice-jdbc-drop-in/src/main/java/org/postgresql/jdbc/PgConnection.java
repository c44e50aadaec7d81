package org.postgresql.jdbc;

import io.sluice.jdbc.internal.DriverSettings;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.TransactionStates;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.ServerVersion;
import org.postgresql.core.TransactionState;
import org.postgresql.core.Version;

/**
 * The driver's connection under pgjdbc's class name, for code that unwraps to it or casts
 * ({@code conn.unwrap(PgConnection.class).getTransactionState()}): Sluice's JDBC connection, a
 * pgjdbc {@code PGConnection} and the part of {@link BaseConnection} such code calls. Made by the
 * driver only; its constructors take the driver's own settings. Its superclass is in a package
 * the driver exports to the drop-in alone: on the module path, code sees this class's own methods
 * and JDBC's, which is what code written for pgjdbc calls (on the class path, all of them).
 */
@SuppressWarnings("exports")
public abstract class PgConnection extends SluiceConnection implements BaseConnection {
  private final DriverSettings driverSettings;
  private final QueryExecutor executor = new Executor();
  private volatile boolean flushCacheOnDeallocate = true;
  private volatile boolean flushCacheOnDdl = true;

  /** For the driver: a connection over one Sluice session. */
  protected PgConnection(io.sluice.Connection sluice, DriverSettings settings) {
    super(sluice, settings);
    this.driverSettings = settings;
  }

  /** For the driver: a connection over a routing pool; {@code leave} (or null) runs at close. */
  protected PgConnection(io.sluice.Pool pool, DriverSettings settings, Runnable leave) {
    super(pool, settings, leave);
    this.driverSettings = settings;
  }

  /** Where the session stands, from the server's last ReadyForQuery ({@link TransactionStates}). */
  @Override
  public TransactionState getTransactionState() {
    return switch (TransactionStates.of(this)) {
      case IDLE -> TransactionState.IDLE;
      case IN_TRANSACTION -> TransactionState.OPEN;
      case FAILED -> TransactionState.FAILED;
    };
  }

  @Override
  public ResultSet execSQLQuery(String sql) throws SQLException {
    Statement s = createStatement();
    try {
      s.closeOnCompletion();
      boolean rows = s.execute(sql);
      while (!rows && s.getUpdateCount() != -1) {
        rows = s.getMoreResults();
      }
      if (!rows) {
        throw new org.postgresql.util.PSQLException("no result set was returned by: " + sql,
            org.postgresql.util.PSQLState.NO_DATA);
      }
      return s.getResultSet();   // closing it closes the statement
    } catch (SQLException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  @Override
  public void execSQLUpdate(String sql) throws SQLException {
    try (Statement s = createStatement()) {
      s.execute(sql);
    }
  }

  @Override
  public QueryExecutor getQueryExecutor() {
    return executor;
  }

  @Override
  public boolean haveMinimumServerVersion(int version) {
    return executor.getServerVersionNum() >= version;
  }

  @Override
  public boolean haveMinimumServerVersion(Version version) {
    return haveMinimumServerVersion(version.getVersionNum());
  }

  @Override
  public String escapeString(String text) throws SQLException {
    return escapeLiteral(text);
  }

  @Override
  public boolean getStandardConformingStrings() {
    return "on".equals(getParameterStatus("standard_conforming_strings"));
  }

  @Override
  public boolean getStringVarcharFlag() {
    return !driverSettings.stringsUntyped();
  }

  @Override
  public void setFlushCacheOnDeallocate(boolean flush) {
    flushCacheOnDeallocate = flush;
  }

  @Override
  public boolean hintReadOnly() {
    try {
      return isReadOnly();
    } catch (SQLException e) {
      return false;
    }
  }

  @Override
  public boolean isColumnSanitiserDisabled() {
    return false;
  }

  @Override
  public boolean getConvertBooleanToNumeric() {
    return false;   // the only value Sluice accepts
  }

  /** The query executor's questions, answered by this connection. */
  private final class Executor implements QueryExecutor {
    @Override
    public TransactionState getTransactionState() {
      return PgConnection.this.getTransactionState();
    }

    @Override
    public AutoSave getAutoSave() {
      return getAutosave();
    }

    @Override
    public void setAutoSave(AutoSave autoSave) {
      setAutosave(autoSave);
    }

    @Override
    public int getServerVersionNum() {
      String num = getParameterStatus("server_version_num");   // reported from PostgreSQL 18 on
      return ServerVersion.from(num != null ? num : getParameterStatus("server_version")).getVersionNum();
    }

    @Override
    public String getServerVersion() {
      return getParameterStatus("server_version");
    }

    @Override
    public boolean getStandardConformingStrings() {
      return PgConnection.this.getStandardConformingStrings();
    }

    @Override
    public String getParameterStatus(String parameterName) {
      return PgConnection.this.getParameterStatus(parameterName);
    }

    @Override
    public Map<String, String> getParameterStatuses() {
      return PgConnection.this.getParameterStatuses();
    }

    @Override
    public int getBackendPID() {
      return PgConnection.this.getBackendPID();
    }

    @Override
    public void setFlushCacheOnDeallocate(boolean flush) {
      flushCacheOnDeallocate = flush;
    }

    @Override
    public boolean isFlushCacheOnDeallocate() {
      return flushCacheOnDeallocate;
    }

    @Override
    public void setFlushCacheOnDdl(boolean flush) {
      flushCacheOnDdl = flush;
    }

    @Override
    public boolean isFlushCacheOnDdl() {
      return flushCacheOnDdl;
    }

    @Override
    public boolean willHealOnRetry(SQLException e) {
      String state = e.getSQLState();
      return "26000".equals(state) || "0A000".equals(state) && String.valueOf(e.getMessage()).contains("cached plan");
    }
  }
}
