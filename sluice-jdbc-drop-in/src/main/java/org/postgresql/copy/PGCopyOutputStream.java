package org.postgresql.copy;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.SQLException;
import org.postgresql.PGConnection;

/**
 * A {@code COPY … FROM STDIN} as an {@link OutputStream} (and still a {@link CopyIn}), as pgjdbc's
 * class of this name: what is written is gathered in a buffer and sent when it is full, at {@link
 * #flush()}, and at {@link #close()}, which ends the COPY.
 */
public class PGCopyOutputStream extends OutputStream implements CopyIn {
  private CopyIn op;
  private final byte[] buffer;
  private int used;

  public PGCopyOutputStream(PGConnection connection, String sql) throws SQLException {
    this(connection, sql, CopyManager.DEFAULT_BUFFER_SIZE);
  }

  public PGCopyOutputStream(PGConnection connection, String sql, int bufferSize) throws SQLException {
    this(connection.getCopyAPI().copyIn(sql), bufferSize);
  }

  public PGCopyOutputStream(CopyIn op) {
    this(op, CopyManager.DEFAULT_BUFFER_SIZE);
  }

  public PGCopyOutputStream(CopyIn op, int bufferSize) {
    this.op = op;
    this.buffer = new byte[bufferSize];
  }

  private void checkClosed() throws IOException {
    if (op == null) {
      throw new IOException("This copy stream is closed.");
    }
  }

  private CopyIn operation() {
    if (op == null) {
      throw new IllegalStateException("This copy stream is closed.");
    }
    return op;
  }

  @Override
  public void write(int b) throws IOException {
    checkClosed();
    if (b < 0 || b > 255) {
      throw new IOException("Cannot write to copy a byte of value " + b);
    }
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] buf, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, buf.length);
    checkClosed();
    try {
      writeToCopy(buf, off, len);
    } catch (SQLException e) {
      throw new IOException("Write to copy failed.", e);
    }
  }

  /** Buffers {@code siz} bytes, sending the buffer first when they do not fit, and them directly when larger than it. */
  @Override
  public void writeToCopy(byte[] buf, int off, int siz) throws SQLException {
    CopyIn o = operation();
    if (used > 0 && siz > buffer.length - used) {
      o.writeToCopy(buffer, 0, used);
      used = 0;
    }
    if (siz > buffer.length) {
      o.writeToCopy(buf, off, siz);
    } else {
      System.arraycopy(buf, off, buffer, used, siz);
      used += siz;
    }
  }

  /** What is buffered goes first, then the writer's bytes, in order. */
  @Override
  public void writeToCopy(org.postgresql.util.ByteStreamWriter from) throws SQLException {
    flushCopy();
    operation().writeToCopy(from);
  }

  /** Sends what the buffer holds. */
  @Override
  public void flush() throws IOException {
    checkClosed();
    try {
      flushCopy();
    } catch (SQLException e) {
      throw new IOException("Unable to flush stream", e);
    }
  }

  @Override
  public void flushCopy() throws SQLException {
    CopyIn o = operation();
    if (used > 0) {
      o.writeToCopy(buffer, 0, used);
      used = 0;
    }
    o.flushCopy();
  }

  /** Sends what the buffer holds and ends the COPY; returns the rows copied. */
  @Override
  public long endCopy() throws SQLException {
    CopyIn o = operation();
    if (used > 0) {
      o.writeToCopy(buffer, 0, used);
      used = 0;
    }
    return o.endCopy();
  }

  /** Ends the COPY if it has not ended (its error, if the server refuses the data, as an IOException). */
  @Override
  public void close() throws IOException {
    CopyIn o = op;
    if (o == null) {
      return;
    }
    try {
      if (o.isActive()) {
        endCopy();
      }
    } catch (SQLException e) {
      throw new IOException("Ending write to copy failed.", e);
    } finally {
      op = null;
    }
  }

  @Override
  public void cancelCopy() throws SQLException {
    used = 0;
    operation().cancelCopy();
  }

  @Override
  public int getFormat() {
    return operation().getFormat();
  }

  @Override
  public int getFieldFormat(int field) {
    return operation().getFieldFormat(field);
  }

  @Override
  public int getFieldCount() {
    return operation().getFieldCount();
  }

  @Override
  public boolean isActive() {
    return op != null && op.isActive();
  }

  @Override
  public long getHandledRowCount() {
    return operation().getHandledRowCount();
  }
}
