package org.postgresql.largeobject;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * One open large object, as pgjdbc's class of this name: a descriptor from {@code lo_open}, read,
 * written, sought and truncated with the server's functions called as SQL, valid until {@link
 * #close()} or the end of the transaction.
 */
public class LargeObject implements AutoCloseable {
  public static final int SEEK_SET = 0;
  public static final int SEEK_CUR = 1;
  public static final int SEEK_END = 2;

  private final Connection connection;
  private final long oid;
  private final int mode;
  private final int fd;
  private final boolean commitOnClose;
  private boolean closed;
  private LargeObjectOutput output;

  LargeObject(Connection connection, long oid, int mode, boolean commitOnClose) throws SQLException {
    this.connection = connection;
    this.oid = oid;
    this.mode = mode;
    this.commitOnClose = commitOnClose;
    this.fd = (int) longOf(connection, "select pg_catalog.lo_open(?::int8::oid, ?)::int8", oid, mode);
  }

  /** The first column of the one row {@code sql} returns with these parameters, as a long. */
  static long longOf(Connection connection, String sql, Object... args) throws SQLException {
    try (PreparedStatement ps = prepare(connection, sql, args); ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static PreparedStatement prepare(Connection connection, String sql, Object... args) throws SQLException {
    PreparedStatement ps = connection.prepareStatement(sql);
    try {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      return ps;
    } catch (SQLException e) {
      ps.close();
      throw e;
    }
  }

  private void checkClosed() throws SQLException {
    if (closed) {
      throw new PSQLException("This large object has been closed.", PSQLState.OBJECT_NOT_IN_STATE);
    }
  }

  /** Another descriptor of the same object, in the same mode, with its own position. */
  public LargeObject copy() throws SQLException {
    checkClosed();
    return new LargeObject(connection, oid, mode, false);
  }

  /** The OID as an int (negative above 2^31). */
  @Deprecated
  public int getOID() {
    return (int) oid;
  }

  public long getLongOID() {
    return oid;
  }

  /**
   * Writes what the output stream holds, closes the descriptor, and commits when opened with
   * {@code commitOnClose} (only if the rest succeeded). A second close does nothing.
   */
  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    SQLException failure = null;
    if (output != null) {
      try {
        output.flush();
      } catch (IOException e) {
        failure = new PSQLException("Exception flushing output stream", PSQLState.DATA_ERROR, e);
      }
      output = null;
    }
    closed = true;
    try {
      longOf(connection, "select pg_catalog.lo_close(?)::int8", fd);
    } catch (SQLException e) {
      if (failure == null) {
        failure = e;
      } else {
        failure.addSuppressed(e);
      }
    }
    if (failure != null) {
      throw failure;
    }
    if (commitOnClose) {
      connection.commit();
    }
  }

  /** Up to {@code len} bytes from the position on; fewer (none) at the end. */
  public byte[] read(int len) throws SQLException {
    checkClosed();
    try (PreparedStatement ps = prepare(connection, "select pg_catalog.loread(?, ?)", fd, len);
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      byte[] b = rs.getBytes(1);
      return b == null ? new byte[0] : b;
    }
  }

  /** Reads up to {@code len} bytes into {@code buf} at {@code off}; returns how many (0 at the end, as pgjdbc). */
  public int read(byte[] buf, int off, int len) throws SQLException {
    byte[] b = read(len);
    System.arraycopy(b, 0, buf, off, b.length);
    return b.length;
  }

  public void write(byte[] buf) throws SQLException {
    write(buf, 0, buf.length);
  }

  /** Writes {@code len} bytes of {@code buf} from {@code off} at the position, which moves past them. */
  public void write(byte[] buf, int off, int len) throws SQLException {
    checkClosed();
    byte[] part = off == 0 && len == buf.length ? buf : java.util.Arrays.copyOfRange(buf, off, off + len);
    longOf(connection, "select pg_catalog.lowrite(?, ?)::int8", fd, part);
  }

  /** Moves the position: to {@code pos} from the start ({@link #SEEK_SET}), the position ({@link #SEEK_CUR}) or the end. */
  public void seek(int pos, int ref) throws SQLException {
    seek64(pos, ref);
  }

  public void seek(int pos) throws SQLException {
    seek64(pos, SEEK_SET);
  }

  public void seek64(long pos, int ref) throws SQLException {
    checkClosed();
    longOf(connection, "select pg_catalog.lo_lseek64(?, ?, ?)", fd, pos, ref);
  }

  /** The position, which must be below 2 GB; see {@link #tell64()}. */
  public int tell() throws SQLException {
    return toInt(tell64(), "tell");
  }

  public long tell64() throws SQLException {
    checkClosed();
    return longOf(connection, "select pg_catalog.lo_tell64(?)", fd);
  }

  /** The size in bytes, found by seeking to the end and back; below 2 GB (see {@link #size64()}). */
  public int size() throws SQLException {
    return toInt(size64(), "size");
  }

  public long size64() throws SQLException {
    long at = tell64();
    seek64(0, SEEK_END);
    long size = tell64();
    seek64(at, SEEK_SET);
    return size;
  }

  /** Cuts the object to {@code len} bytes (or extends it with zeros). */
  public void truncate(int len) throws SQLException {
    truncate64(len);
  }

  public void truncate64(long len) throws SQLException {
    checkClosed();
    longOf(connection, "select pg_catalog.lo_truncate64(?, ?)::int8", fd, len);
  }

  private static int toInt(long v, String what) throws SQLException {
    if (v > Integer.MAX_VALUE) {
      throw new PSQLException("the large object's " + what + " " + v + " does not fit an int: use " + what + "64",
          PSQLState.NUMERIC_VALUE_OUT_OF_RANGE);
    }
    return (int) v;
  }

  /** A stream of the bytes from the position on; closing it closes this object. */
  public InputStream getInputStream() throws SQLException {
    return getInputStream(Long.MAX_VALUE);
  }

  /** As {@link #getInputStream()}, ending after {@code limit} bytes. */
  public InputStream getInputStream(long limit) throws SQLException {
    return getInputStream(LargeObjectInput.CHUNK, limit);
  }

  public InputStream getInputStream(int bufferSize, long limit) throws SQLException {
    checkClosed();
    return new LargeObjectInput(this, bufferSize, limit);
  }

  /** A stream that writes at the position, buffered; closing it closes this object. The same one each call. */
  public OutputStream getOutputStream() throws SQLException {
    checkClosed();
    if (output == null) {
      output = new LargeObjectOutput(this);
    }
    return output;
  }
}
