package org.postgresql;

import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Arrays;
import java.util.Map;
import org.postgresql.copy.CopyManager;
import org.postgresql.jdbc.AutoSave;
import org.postgresql.jdbc.PreferQueryMode;
import org.postgresql.largeobject.LargeObjectManager;
import org.postgresql.util.PasswordUtil;
import org.postgresql.util.PGobject;

/**
 * The part of pgjdbc's connection extensions that applications and libraries call, over a Sluice
 * connection: reached with {@code connection.unwrap(PGConnection.class)} (through a pool's proxy
 * too, since pools delegate {@code unwrap}) or, with the drop-in on the path, by a cast
 * {@code (PGConnection) connection} of the driver's own connection.
 */
public interface PGConnection {
  /** {@code createArrayOf} for arrays of primitives too ({@code int[]}), boxed. */
  Array createArrayOf(String typeName, Object elements) throws SQLException;

  /**
   * The LISTEN/NOTIFY notifications this connection's session received since the last call, after
   * reading what the server already sent, without waiting; null when there are none. They arrive
   * only while the session is outside a transaction block (the server holds them until it ends).
   */
  PGNotification[] getNotifications() throws SQLException;

  /**
   * As {@link #getNotifications()}, waiting for one when none was received: {@code timeoutMillis}
   * 0 waits until one comes, above 0 up to that long, below 0 not at all; never inside a
   * transaction block. Closing the connection from another thread ends the wait (SQLSTATE {@code 08003}).
   */
  PGNotification[] getNotifications(int timeoutMillis) throws SQLException;

  /** COPY on this connection, over Sluice's {@code io.sluice.Copy}. */
  CopyManager getCopyAPI() throws SQLException;

  /** Large objects on this connection, with the server's {@code lo_*} functions called as SQL (inside a transaction). */
  LargeObjectManager getLargeObjectAPI() throws SQLException;

  /**
   * {@code getObject} of a column of {@code type} then returns a new {@code klass} (which needs a
   * public no-argument constructor), given the type name and the column's text. For this
   * connection only.
   */
  void addDataType(String type, Class<? extends PGobject> klass) throws SQLException;

  /** As {@link #addDataType(String, Class)}, the class named; a class that is not found is an {@code IllegalArgumentException}. */
  void addDataType(String type, String className);

  /** Kept and read back: Sluice prepares statements with parameters on the server at their first run, and caches them. */
  void setPrepareThreshold(int threshold);

  int getPrepareThreshold();

  /** The server process serving this connection. */
  int getBackendPID();

  /** Cancels what the server runs for this connection now (a CancelRequest on a connection of its own). */
  void cancelQuery() throws SQLException;

  /** {@code identifier} in double quotes, quotes in it doubled. */
  String escapeIdentifier(String identifier) throws SQLException;

  /** {@code literal}'s text for inside single quotes: quotes doubled (and backslashes, if the session does not read them as themselves). */
  String escapeLiteral(String literal) throws SQLException;

  /** Every run-time parameter the server reported (ParameterStatus), as of now. */
  Map<String, String> getParameterStatuses();

  /** One reported parameter, or null. */
  String getParameterStatus(String parameterName);

  /** The fetch size of statements created after this call ({@code Statement.setFetchSize}); 0 reads whole results. */
  void setDefaultFetchSize(int fetchSize) throws SQLException;

  /** The fetch size new statements start with: {@code defaultRowFetchSize}, or the last {@link #setDefaultFetchSize}. */
  int getDefaultFetchSize();

  /** The query timeout in seconds of statements created after this call ({@code Statement.setQueryTimeout}); 0: none. */
  void setQueryTimeout(int seconds) throws SQLException;

  /** The query timeout new statements start with, in seconds. */
  int getQueryTimeout();

  /** {@link PreferQueryMode#EXTENDED}: Sluice always runs the extended protocol with its statement cache. */
  PreferQueryMode getPreferQueryMode();

  /** {@link AutoSave#NEVER}: Sluice sets no savepoint of its own before a statement. */
  AutoSave getAutosave();

  /**
   * {@code NEVER} and {@code CONSERVATIVE} are accepted ({@code CONSERVATIVE} with no effect, as
   * the {@code autosave} property); {@code ALWAYS} is refused with an
   * {@link UnsupportedOperationException}, as Sluice would let a failed statement abort the
   * transaction where pgjdbc goes on.
   */
  void setAutosave(AutoSave autoSave);

  /** Accepted and remembered; no effect on how rows are fetched (Sluice's fetch size is the statement's). */
  void setAdaptiveFetch(boolean adaptiveFetch);

  /** What {@link #setAdaptiveFetch} was last given; false at first. */
  boolean getAdaptiveFetch();

  /**
   * Sets {@code user}'s password to {@code newPassword}, hashed here ({@link PasswordUtil}) so that
   * only the hash goes to the server: as {@code encryptionType} says ({@code md5} or
   * {@code scram-sha-256}), or as the server's {@code password_encryption} when it is null. The
   * array is zeroed before this returns.
   */
  default void alterUserPassword(String user, char[] newPassword, String encryptionType) throws SQLException {
    if (!(this instanceof Connection connection)) {
      Arrays.fill(newPassword, (char) 0);
      throw new SQLFeatureNotSupportedException("alterUserPassword needs a PGConnection that is a java.sql.Connection");
    }
    PasswordUtil.alterUserPassword(connection, user, newPassword, encryptionType);
  }
}
