package org.postgresql.copy;

import io.sluice.SluiceException;
import io.sluice.jdbc.internal.SqlErrors;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * pgjdbc's COPY API over Sluice's ({@code io.sluice.Copy}) on the same session as the JDBC
 * connection. With auto-commit off, the COPY runs in the connection's transaction (begun first if
 * it was not), so that {@code rollback()} undoes it, as in pgjdbc. Sluice's COPY data is UTF-8,
 * the only client encoding it speaks.
 */
public class CopyManager {
  /** pgjdbc's buffer size for COPY streams ({@link PGCopyOutputStream}), in bytes. */
  public static final int DEFAULT_BUFFER_SIZE = 65536;

  private final Connection connection;

  /** Sluice's, not pgjdbc's (which takes its internal {@code BaseConnection}): COPY on a Sluice JDBC connection. */
  public CopyManager(Connection connection) throws SQLException {
    if (!connection.isWrapperFor(io.sluice.Connection.class)) {
      throw new SQLException("COPY needs a connection of one Sluice session; this one routes its statements"
          + " over a pool", "0A000");
    }
    this.connection = connection;
  }

  /** Starts {@code COPY … FROM STDIN}, to be fed with {@link CopyIn#writeToCopy}. */
  public CopyIn copyIn(String sql) throws SQLException {
    return CopyInOperation.start(copy(), sql);
  }

  /**
   * Runs {@code COPY … TO STDOUT} and keeps its rows in memory, to be read with {@link
   * CopyOut#readFromCopy()}; {@link #copyOut(String, OutputStream)} streams them instead.
   */
  public CopyOut copyOut(String sql) throws SQLException {
    return CopyOutOperation.run(copy(), sql);
  }

  /** Runs {@code COPY … FROM STDIN} with the bytes of {@code from} (read to its end); returns the rows copied. */
  public long copyIn(String sql, InputStream from) throws SQLException, IOException {
    io.sluice.Copy copy = copy();
    return run(() -> copy.from(sql, from));
  }

  public long copyIn(String sql, InputStream from, int bufferSize) throws SQLException, IOException {
    return copyIn(sql, from);
  }

  /** Runs {@code COPY … FROM STDIN} with the bytes {@code from} writes; returns the rows copied. */
  public long copyIn(String sql, org.postgresql.util.ByteStreamWriter from) throws SQLException {
    CopyIn in = copyIn(sql);
    in.writeToCopy(from);
    return in.endCopy();
  }

  /** As {@link #copyIn(String, InputStream)}, the characters sent as UTF-8. */
  public long copyIn(String sql, Reader from) throws SQLException, IOException {
    io.sluice.Copy copy = copy();
    return run(() -> copy.from(sql, from));
  }

  public long copyIn(String sql, Reader from, int bufferSize) throws SQLException, IOException {
    return copyIn(sql, from);
  }

  /** Runs {@code COPY … TO STDOUT} into {@code to} (not closed); returns the rows copied. */
  public long copyOut(String sql, OutputStream to) throws SQLException, IOException {
    io.sluice.Copy copy = copy();
    return run(() -> copy.to(sql, to));
  }

  /** As {@link #copyOut(String, OutputStream)}, the data read as UTF-8. */
  public long copyOut(String sql, Writer to) throws SQLException, IOException {
    io.sluice.Copy copy = copy();
    return run(() -> copy.to(sql, to));
  }

  /** The session's COPY, with the JDBC transaction begun first when auto-commit is off. */
  private io.sluice.Copy copy() throws SQLException {
    if (!connection.getAutoCommit()) {
      // the JDBC connection begins its transaction with its first statement: run one, so that
      // the COPY, sent on this thread's session, is part of it
      try (Statement s = connection.createStatement()) {
        s.execute("select 1");
      }
    }
    try {
      return connection.unwrap(io.sluice.Connection.class).copy();
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  private interface Run {
    long run();
  }

  /** Sluice's exceptions as the driver's (PSQLException), its caller's I/O failures as IOException, as pgjdbc's signatures have it. */
  private static long run(Run r) throws SQLException, IOException {
    try {
      return r.run();
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
