package org.postgresql.util;

import java.sql.SQLException;

/**
 * The exception the driver throws when the drop-in is present, as pgjdbc does, so that {@code catch
 * (PSQLException e)} and {@link #getServerErrorMessage()} work. As in pgjdbc it extends {@link
 * SQLException} directly: the JDBC subclass Sluice would choose by SQLSTATE ({@code
 * SQLIntegrityConstraintViolationException} for 23xxx, …) is not kept; compare {@link
 * #getSQLState()} instead (what Spring's translator for PostgreSQL does). Features not supported
 * stay {@code SQLFeatureNotSupportedException}, as in pgjdbc.
 */
public class PSQLException extends SQLException {
  private static final long serialVersionUID = 1L;

  private final ServerErrorMessage serverError;

  public PSQLException(String msg, PSQLState state, Throwable cause) {
    super(msg, state == null ? null : state.getState(), cause);
    this.serverError = null;
  }

  public PSQLException(String msg, PSQLState state) {
    this(msg, state, null);
  }

  public PSQLException(ServerErrorMessage serverError) {
    this(serverError, true);
  }

  /** {@code detail}: whether the message carries the detail, hint and position lines, or only severity and message. */
  public PSQLException(ServerErrorMessage serverError, boolean detail) {
    super(detail ? serverError.toString() : serverError.getSeverity() + ": " + serverError.getMessage(),
        serverError.getSQLState());
    this.serverError = serverError;
  }

  /**
   * Sluice's, not pgjdbc's: any SQLSTATE (most have no {@link PSQLState}), the driver's vendor code
   * (the outcome: 1 not sent, 2 unknown, 3 server error, 0 the JDBC layer's own), the Sluice
   * exception as cause, and the server's fields when the server sent the error (else null).
   */
  public PSQLException(String msg, String sqlState, int vendorCode, Throwable cause, ServerErrorMessage serverError) {
    super(msg, sqlState, vendorCode, cause);
    this.serverError = serverError;
  }

  /** The server's fields, if the server sent this error; null for errors of the client. */
  public ServerErrorMessage getServerErrorMessage() {
    return serverError;
  }
}
