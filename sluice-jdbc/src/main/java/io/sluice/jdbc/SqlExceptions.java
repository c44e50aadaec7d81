package io.sluice.jdbc;

import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Reads back what Sluice keeps in the {@link SQLException}s the driver throws: every one has the
 * Sluice exception as its cause, with its server fields ({@link ServerException#fields()}) and its
 * outcome (whether the request may have run). The vendor code is the outcome's ordinal + 1 (1 not
 * sent, 2 unknown, 3 server error), 0 for errors of the JDBC layer itself.
 */
public final class SqlExceptions {
  private SqlExceptions() {}

  /** Whether the request that failed may have run, if a Sluice exception caused {@code e}. */
  public static Optional<SluiceException.Outcome> outcome(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SluiceException s) {
        return Optional.of(s.outcome());
      }
    }
    return Optional.empty();
  }

  /** The server's error with every field it sent, if the server caused {@code e}. */
  public static Optional<ServerException> serverError(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ServerException s) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
