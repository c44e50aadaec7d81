package io.sluice.jdbc.internal;

import io.sluice.AuthenticationException;
import io.sluice.BatchException;
import io.sluice.ConfigException;
import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.TransactionException;
import io.sluice.ValueException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;

/**
 * Turns Sluice's exceptions into the {@link SQLException} subclasses JDBC defines, chosen by
 * SQLSTATE class (SQL:2011 part 2, 24.1; PostgreSQL docs appendix A), keeping the Sluice exception
 * as the cause, which {@link io.sluice.jdbc.SqlExceptions} reads back for applications. The vendor
 * code is the outcome's ordinal + 1 (1 not sent, 2 unknown, 3 server error), so that it is 0 only
 * for errors of the JDBC layer itself.
 */
public final class SqlErrors {
  private SqlErrors() {}

  /** The SQLException for a Sluice exception (a {@link BatchException} is mapped by its cause). */
  public static SQLException of(SluiceException e) {
    String state = sqlState(e);
    int vendor = e.outcome().ordinal() + 1;
    String message = e.getMessage();
    return forState(state, message, vendor, e);
  }

  /** The SQLSTATE of a Sluice exception: the server's, or the class that fits a client-side failure. */
  public static String sqlState(SluiceException e) {
    return switch (e) {
      case ServerException s -> s.sqlState();
      case BatchException b -> b.getCause().sqlState();
      case QueryTimeoutException q -> "57014";
      case AuthenticationException a -> "28000";
      case PoolExhaustedException p -> "08004";
      // 08003 the connection is not open (nothing was sent); 08006 it failed
      case ConnectionException c -> c.outcome() == SluiceException.Outcome.NOT_SENT ? "08003" : "08006";
      case TransactionException t -> t.getCause() instanceof ServerException s ? s.sqlState() : "25000";
      case ValueException v -> "22000";
      case ConfigException c -> "08001";
      default -> e.getCause() instanceof ServerException s ? s.sqlState() : "XX000";
    };
  }

  /**
   * The SQLException for an SQLSTATE. With an {@link Extension} (the drop-in), its exception
   * replaces the subclass chosen here, except for the driver's own features not supported (class
   * 0A), which stay {@link SQLFeatureNotSupportedException} as in pgjdbc; the server's 0A000
   * ("cached plan must not change result type") is pgjdbc's PSQLException like every server error.
   */
  public static SQLException forState(String state, String message, int vendor, Throwable cause) {
    String cls = state.length() >= 2 ? state.substring(0, 2) : "";
    if (Extensions.present() && (!cls.equals("0A") || cause instanceof ServerException)) {
      SQLException x = Extensions.get().exception(message, state, vendor, cause);
      if (x != null) {
        return x;
      }
    }
    if (state.equals("57014")) {
      return new SQLTimeoutException(message, state, vendor, cause);
    }
    return switch (cls) {
      // 08001 could not connect, 08004 the server refused the connection: trying again may work;
      // the others (08003 no longer open, 08006 failed, 08P01 protocol) end this connection
      case "08" -> state.equals("08001") || state.equals("08004")
          ? new SQLTransientConnectionException(message, state, vendor, cause)
          : new SQLNonTransientConnectionException(message, state, vendor, cause);
      case "0A" -> new SQLFeatureNotSupportedException(message, state, vendor, cause);
      case "22" -> new SQLDataException(message, state, vendor, cause);
      case "23" -> new SQLIntegrityConstraintViolationException(message, state, vendor, cause);
      case "28" -> new SQLInvalidAuthorizationSpecException(message, state, vendor, cause);
      case "40" -> new SQLTransactionRollbackException(message, state, vendor, cause);
      case "42" -> new SQLSyntaxErrorException(message, state, vendor, cause);
      // 53 insufficient resources (too many connections, out of memory), 55P03 lock not available
      case "53" -> new SQLTransientException(message, state, vendor, cause);
      // 57P01..57P03: the server shuts down or starts; the connection is gone
      case "57" -> new SQLNonTransientConnectionException(message, state, vendor, cause);
      default -> state.equals("55P03") ? new SQLTransientException(message, state, vendor, cause)
          : new SQLException(message, state, vendor, cause);
    };
  }

  /** An error of the JDBC layer itself (a closed statement, a bad argument): vendor code 0. */
  public static SQLException of(String message, String state) {
    return forState(state, message, 0, null);
  }

  /** A URL, property or bean setting that cannot work: 08001, and no retry will help. */
  public static SQLException badConfiguration(ConfigException e) {
    return new SQLNonTransientConnectionException(e.getMessage(), "08001", 0, e);
  }

  public static SQLFeatureNotSupportedException unsupported(String what) {
    return new SQLFeatureNotSupportedException(what, "0A000");
  }
}
