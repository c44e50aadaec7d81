package io.sluice.jdbc.dropin;

import io.sluice.SluiceException;
import io.sluice.jdbc.internal.NotificationInbox;
import io.sluice.jdbc.internal.AutoSavepoints;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SqlErrors;
import io.sluice.jdbc.internal.StatementDefaults;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.postgresql.copy.CopyManager;
import org.postgresql.jdbc.AutoSave;
import org.postgresql.jdbc.PreferQueryMode;
import org.postgresql.largeobject.LargeObjectManager;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.PasswordUtil;

/** {@link PGConnection} of one Sluice JDBC connection, over its Sluice session where it needs one. */
final class PgConnectionView implements PGConnection {
  private final Connection connection;
  private final ViewState state;

  PgConnectionView(Connection connection, ViewState state) {
    this.connection = connection;
    this.state = state;
  }

  /** The Sluice session underneath; a connection that routes over a pool has none to offer. */
  private io.sluice.Connection sluice() throws SQLException {
    if (!connection.isWrapperFor(io.sluice.Connection.class)) {
      throw new SQLFeatureNotSupportedException("this connection routes its statements over a pool (readRouting):"
          + " it has no one session to ask", "0A000");
    }
    return connection.unwrap(io.sluice.Connection.class);
  }

  @Override
  public Array createArrayOf(String typeName, Object elements) throws SQLException {
    if (elements == null || elements instanceof Object[]) {
      return connection.createArrayOf(typeName, (Object[]) elements);
    }
    if (!elements.getClass().isArray()) {
      throw new PSQLException("createArrayOf needs an array, not a " + elements.getClass().getName(),
          PSQLState.INVALID_PARAMETER_TYPE);
    }
    Object[] boxed = new Object[java.lang.reflect.Array.getLength(elements)];
    for (int i = 0; i < boxed.length; i++) {
      boxed[i] = java.lang.reflect.Array.get(elements, i);
    }
    return connection.createArrayOf(typeName, boxed);
  }

  /** pgjdbc's {@code getNotifications()}: what was received, reading what the server already sent, without waiting. */
  @Override
  public PGNotification[] getNotifications() throws SQLException {
    return getNotifications(-1);
  }

  /**
   * As pgjdbc: below 0 no wait, 0 waits until one comes (or the connection closes), above 0 up to
   * that long; an empty array when none came, as pgjdbc's {@code PGConnection} Javadoc says.
   */
  @Override
  public PGNotification[] getNotifications(int timeoutMillis) throws SQLException {
    List<io.sluice.Notification> taken = NotificationInbox.of(connection).take(timeoutMillis);
    PGNotification[] out = new PGNotification[taken.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = new Notify(taken.get(i));
    }
    return out;
  }

  @Override
  public CopyManager getCopyAPI() throws SQLException {
    return new CopyManager(connection);
  }

  @Override
  public LargeObjectManager getLargeObjectAPI() {
    return new LargeObjectManager(connection);
  }

  @Override
  public void addDataType(String type, Class<? extends PGobject> klass) {
    state.dataTypes.put(type, klass);
  }

  @Override
  public void addDataType(String type, String className) {
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      addDataType(type, Class.forName(className, true, loader != null ? loader : getClass().getClassLoader())
          .asSubclass(PGobject.class));
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new IllegalArgumentException("addDataType: " + className + " is not a PGobject class found here", e);
    }
  }

  @Override
  public void setPrepareThreshold(int threshold) {
    state.prepareThreshold = threshold;
  }

  @Override
  public int getPrepareThreshold() {
    return state.prepareThreshold;
  }

  /** The server process, or 0 when the connection has no one session (as pgjdbc's 0 for "not known"). */
  @Override
  public int getBackendPID() {
    try {
      return connection.isWrapperFor(io.sluice.Connection.class) ? sluice().processId() : 0;
    } catch (SQLException | SluiceException e) {
      return 0;
    }
  }

  @Override
  public void cancelQuery() throws SQLException {
    try {
      sluice().cancel();
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  @Override
  public String escapeIdentifier(String identifier) throws SQLException {
    noZeroByte(identifier, "identifiers");
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  @Override
  public String escapeLiteral(String literal) throws SQLException {
    noZeroByte(literal, "literals");
    String quoted = literal.replace("'", "''");
    // with standard_conforming_strings off, a backslash in '…' escapes: double it to keep it
    return "on".equals(getParameterStatus("standard_conforming_strings")) ? quoted : quoted.replace("\\", "\\\\");
  }

  private static void noZeroByte(String s, String what) throws SQLException {
    if (s.indexOf('\0') >= 0) {
      throw new PSQLException("zero bytes may not occur in " + what, PSQLState.INVALID_PARAMETER_VALUE);
    }
  }

  @Override
  public Map<String, String> getParameterStatuses() {
    // a live, read-only view, as pgjdbc's: later ParameterStatus reports (a SET) show in it
    return new java.util.AbstractMap<>() {
      @Override
      public java.util.Set<Entry<String, String>> entrySet() {
        return reported().entrySet();
      }

      @Override
      public String get(Object name) {
        return reported().get(name);
      }
    };
  }

  private Map<String, String> reported() {
    try {
      return sluice().parameters();
    } catch (SQLException e) {
      return Map.of();
    }
  }

  @Override
  public String getParameterStatus(String parameterName) {
    return getParameterStatuses().get(parameterName);
  }

  /** pgjdbc's connection-wide statement defaults live on Sluice's JDBC connection. */
  private StatementDefaults defaults() {
    return own().statementDefaults();
  }

  private SluiceConnection own() {
    if (connection instanceof SluiceConnection c) {
      return c;
    }
    throw new IllegalStateException("a PGConnection view over a connection that is not Sluice's: " + connection);
  }

  @Override
  public void setDefaultFetchSize(int fetchSize) throws SQLException {
    defaults().fetchSize(fetchSize);
  }

  @Override
  public int getDefaultFetchSize() {
    return defaults().fetchSize();
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    defaults().queryTimeoutSeconds(seconds);
  }

  @Override
  public int getQueryTimeout() {
    return defaults().queryTimeoutSeconds();
  }

  @Override
  public PreferQueryMode getPreferQueryMode() {
    return PreferQueryMode.EXTENDED;
  }

  @Override
  public AutoSave getAutosave() {
    return AutoSave.valueOf(own().autosave().mode().name());
  }

  /** From the connection's next statement on, as in pgjdbc ({@code AutoSavepoints}). */
  @Override
  public void setAutosave(AutoSave autoSave) {
    own().autosave().mode(AutoSavepoints.Mode.valueOf(autoSave.name()));
  }

  @Override
  public void setAdaptiveFetch(boolean adaptiveFetch) {
    state.adaptiveFetch = adaptiveFetch;
  }

  @Override
  public boolean getAdaptiveFetch() {
    return state.adaptiveFetch;
  }

  @Override
  public void alterUserPassword(String user, char[] newPassword, String encryptionType) throws SQLException {
    PasswordUtil.alterUserPassword(connection, user, newPassword, encryptionType);
  }

  @Override
  public String toString() {
    return "PGConnection[" + connection + "]";
  }
}
