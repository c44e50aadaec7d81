package io.sluice.jdbc.dropin;

import io.sluice.jdbc.internal.DriverSettings;
import java.sql.Array;
import java.sql.SQLException;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.postgresql.copy.CopyManager;
import org.postgresql.jdbc.AutoSave;
import org.postgresql.jdbc.PgConnection;
import org.postgresql.jdbc.PreferQueryMode;
import org.postgresql.largeobject.LargeObjectManager;
import org.postgresql.util.PGobject;

/**
 * The driver's connection when the drop-in is on the path: Sluice's, and pgjdbc's {@link
 * PgConnection} (so a {@link PGConnection} and a {@code BaseConnection}) too, so that code written
 * for pgjdbc that casts ({@code ((PGConnection) conn).getCopyAPI()}, as much of it does, rather
 * than {@code unwrap}) works. Each pgjdbc call goes to the connection's {@link PgConnectionView},
 * the same one {@code unwrap(PGConnection.class)} gives. Public, so that code calling its public
 * methods by reflection reaches them; its package is not exported.
 */
public final class PgjdbcConnection extends PgConnection {
  private final ViewState state;
  private final PgConnectionView view;

  PgjdbcConnection(io.sluice.Connection sluice, DriverSettings settings, ViewState state) {
    super(sluice, settings);
    this.state = state;
    this.view = new PgConnectionView(this, state);
  }

  PgjdbcConnection(io.sluice.Pool pool, DriverSettings settings, Runnable leave, ViewState state) {
    super(pool, settings, leave);
    this.state = state;
    this.view = new PgConnectionView(this, state);
  }

  /** What this connection's pgjdbc calls remember (added data types, the prepare threshold). */
  ViewState state() {
    return state;
  }

  @Override
  public Array createArrayOf(String typeName, Object elements) throws SQLException {
    return view.createArrayOf(typeName, elements);
  }

  @Override
  public PGNotification[] getNotifications() throws SQLException {
    return view.getNotifications();
  }

  @Override
  public PGNotification[] getNotifications(int timeoutMillis) throws SQLException {
    return view.getNotifications(timeoutMillis);
  }

  @Override
  public CopyManager getCopyAPI() throws SQLException {
    return view.getCopyAPI();
  }

  @Override
  public LargeObjectManager getLargeObjectAPI() {
    return view.getLargeObjectAPI();
  }

  @Override
  public void addDataType(String type, Class<? extends PGobject> klass) throws SQLException {
    view.addDataType(type, klass);
  }

  @Override
  public void addDataType(String type, String className) {
    view.addDataType(type, className);
  }

  @Override
  public void setPrepareThreshold(int threshold) {
    view.setPrepareThreshold(threshold);
  }

  @Override
  public int getPrepareThreshold() {
    return view.getPrepareThreshold();
  }

  @Override
  public int getBackendPID() {
    return view.getBackendPID();
  }

  @Override
  public void cancelQuery() throws SQLException {
    view.cancelQuery();
  }

  @Override
  public String escapeIdentifier(String identifier) throws SQLException {
    return view.escapeIdentifier(identifier);
  }

  @Override
  public String escapeLiteral(String literal) throws SQLException {
    return view.escapeLiteral(literal);
  }

  @Override
  public Map<String, String> getParameterStatuses() {
    return view.getParameterStatuses();
  }

  @Override
  public String getParameterStatus(String parameterName) {
    return view.getParameterStatus(parameterName);
  }

  @Override
  public void setDefaultFetchSize(int fetchSize) throws SQLException {
    view.setDefaultFetchSize(fetchSize);
  }

  @Override
  public int getDefaultFetchSize() {
    return view.getDefaultFetchSize();
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    view.setQueryTimeout(seconds);
  }

  @Override
  public int getQueryTimeout() {
    return view.getQueryTimeout();
  }

  @Override
  public PreferQueryMode getPreferQueryMode() {
    return view.getPreferQueryMode();
  }

  @Override
  public AutoSave getAutosave() {
    return view.getAutosave();
  }

  @Override
  public void setAutosave(AutoSave autoSave) {
    view.setAutosave(autoSave);
  }

  @Override
  public void setAdaptiveFetch(boolean adaptiveFetch) {
    view.setAdaptiveFetch(adaptiveFetch);
  }

  @Override
  public boolean getAdaptiveFetch() {
    return view.getAdaptiveFetch();
  }

  @Override
  public void alterUserPassword(String user, char[] newPassword, String encryptionType) throws SQLException {
    view.alterUserPassword(user, newPassword, encryptionType);
  }
}
