package io.sluice.jdbc.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.SQLException;

/**
 * {@code setBlob} and {@code setClob} as pgjdbc's ({@code PgPreparedStatement.createBlob},
 * {@code setClob}): the data is written to a new large object, in the transaction, and the
 * parameter is its oid (an {@code int8}, as pgjdbc's {@code setLong}, which the server assigns to
 * an {@code oid} column). A Blob or Clob is copied, even one read from this connection, so that
 * each row names its own object, as in pgjdbc; but one {@code createBlob} or {@code createClob}
 * made on this connection is bound by its own oid ({@link LobFactories}). A Clob's text is
 * written as UTF-8.
 */
final class LobParameters {
  private LobParameters() {}

  /** {@code setObject(i, x)}: a Blob or Clob as a new large object's oid, SQLXML as its text, else as {@link ParameterValues#of(Object)}. */
  static Object of(SluiceConnection connection, Object x) throws SQLException {
    return switch (x) {
      case Blob b -> blob(connection, b);
      case Clob c -> clob(connection, c);
      case java.sql.SQLXML s -> s.getString();
      case null, default -> ParameterValues.of(x);
    };
  }

  /** A large object call's own failure as it was; the caller's stream's as pgjdbc's "Unexpected error …". */
  private static SQLException failed(IOException e) {
    return e.getCause() instanceof SQLException s ? s
        : SqlErrors.forState("HY000", "Unexpected error writing large object to database: " + e.getMessage(), 0, e);
  }

  /**
   * {@code setObject(i, x, targetSqlType, scale)}: to {@code BLOB} a Blob or stream, to {@code
   * CLOB}/{@code NCLOB} a Clob or reader as a new large object (pgjdbc's {@code setObject}); an
   * SQLXML its text; the rest as {@link ParameterValues#of(Object, int, int)}.
   */
  static Object of(SluiceConnection connection, Object x, int targetSqlType, int scale) throws SQLException {
    return switch (targetSqlType) {
      case java.sql.Types.BLOB -> x instanceof Blob b ? blob(connection, b)
          : x instanceof InputStream in ? blob(connection, in, Long.MAX_VALUE)
          : ParameterValues.of(x, targetSqlType, scale);
      case java.sql.Types.CLOB, java.sql.Types.NCLOB -> x instanceof Clob c ? clob(connection, c)
          : x instanceof Reader r ? clob(connection, r, Long.MAX_VALUE)
          : ParameterValues.of(x, targetSqlType, scale);
      default -> x instanceof java.sql.SQLXML s ? s.getString() : ParameterValues.of(x, targetSqlType, scale);
    };
  }

  static Long blob(SluiceConnection connection, Blob b) throws SQLException {
    if (b == null) {
      return null;
    }
    if (b instanceof LargeObjectBlob lo && lo.boundAsItIs(connection)) {
      lo.checkOpen();
      return lo.oid();
    }
    long n = b.length();
    // a negative length (Hibernate's proxies) means: the whole stream, as in pgjdbc
    return blob(connection, b.getBinaryStream(), n < 0 ? Long.MAX_VALUE : n);
  }

  /** At most {@code length} bytes of {@code in}, fewer where it ends (pgjdbc's {@code createBlob}). */
  static Long blob(SluiceConnection connection, InputStream in, long length) throws SQLException {
    if (in == null) {
      return null;
    }
    if (length < 0) {
      throw SqlErrors.of("Invalid stream length " + length + ".", "22023");
    }
    LargeObjects lobs = new LargeObjects(connection);
    long oid = lobs.create();
    try (OutputStream out = LargeObjectStreams.writer(lobs, oid, 0)) {
      byte[] buf = new byte[8192];
      long left = length;
      int n;
      while (left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) >= 0) {
        out.write(buf, 0, n);
        left -= n;
      }
    } catch (IOException e) {
      throw failed(e);
    }
    return oid;
  }

  static Long clob(SluiceConnection connection, Clob c) throws SQLException {
    if (c == null) {
      return null;
    }
    if (c instanceof LargeObjectClob lo && lo.boundAsItIs(connection)) {
      return lo.oid();
    }
    long n = c.length();
    return clob(connection, c.getCharacterStream(), n < 0 ? Long.MAX_VALUE : n);
  }

  /** At most {@code length} characters of {@code r}, fewer where it ends, as UTF-8. */
  static Long clob(SluiceConnection connection, Reader r, long length) throws SQLException {
    if (r == null) {
      return null;
    }
    if (length < 0) {
      throw SqlErrors.of("Invalid stream length " + length + ".", "22023");
    }
    LargeObjects lobs = new LargeObjects(connection);
    long oid = lobs.create();
    try (Writer out = new OutputStreamWriter(LargeObjectStreams.writer(lobs, oid, 0), StandardCharsets.UTF_8)) {
      char[] buf = new char[8192];
      long left = length;
      int n;
      while (left > 0 && (n = r.read(buf, 0, (int) Math.min(buf.length, left))) >= 0) {
        out.write(buf, 0, n);
        left -= n;
      }
    } catch (IOException e) {
      throw failed(e);
    }
    return oid;
  }
}
