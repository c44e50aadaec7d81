package org.postgresql.copy;

import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import java.util.Arrays;
import org.postgresql.PGConnection;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * A {@code COPY … TO STDOUT} as an {@link InputStream} (and still a {@link CopyOut}), as pgjdbc's
 * class of this name: its bytes are the rows one after another. Closing the stream before the end
 * cancels the COPY.
 */
public class PGCopyInputStream extends InputStream implements CopyOut {
  private CopyOut op;
  /** The row being read, null when none is (yet, or any more). */
  private byte[] row;
  private int at;
  private boolean ended;

  public PGCopyInputStream(PGConnection connection, String sql) throws SQLException {
    this(connection.getCopyAPI().copyOut(sql));
  }

  public PGCopyInputStream(CopyOut op) {
    this.op = op;
  }

  private CopyOut op() throws IOException {
    if (op == null) {
      throw new IOException("This copy stream is closed.");
    }
    return op;
  }

  /** Whether bytes are at hand, taking the next row if the last is read; false at the end of the COPY. */
  private boolean fill() throws IOException {
    CopyOut o = op();
    while (!ended && (row == null || at >= row.length)) {
      try {
        row = o.readFromCopy();
      } catch (SQLException e) {
        throw new IOException("Copying from database failed: " + e.getMessage(), e);
      }
      at = 0;
      ended = row == null;
    }
    return !ended;
  }

  @Override
  public int available() throws IOException {
    op();
    return row == null ? 0 : row.length - at;
  }

  @Override
  public int read() throws IOException {
    return fill() ? row[at++] & 0xFF : -1;
  }

  @Override
  public int read(byte[] buf, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, buf.length);
    int got = 0;
    while (got < len && fill()) {
      int n = Math.min(len - got, row.length - at);
      System.arraycopy(row, at, buf, off + got, n);
      at += n;
      got += n;
    }
    return got == 0 && len > 0 ? -1 : got;
  }

  /** The rest of the current row, or the next row; null at the end. */
  @Override
  public byte[] readFromCopy() throws SQLException {
    try {
      if (!fill()) {
        return null;
      }
    } catch (IOException e) {
      throw new PSQLException("Read from copy failed.", PSQLState.CONNECTION_FAILURE, e);
    }
    byte[] rest = at == 0 ? row : Arrays.copyOfRange(row, at, row.length);
    at = row.length;
    return rest;
  }

  @Override
  public byte[] readFromCopy(boolean block) throws SQLException {
    return readFromCopy();
  }

  /** Cancels the COPY if it has not ended; a second close does nothing. */
  @Override
  public void close() throws IOException {
    CopyOut o = op;
    if (o == null) {
      return;
    }
    if (o.isActive()) {
      try {
        o.cancelCopy();
      } catch (SQLException e) {
        throw new IOException("Failed to close copy reader.", e);
      }
    }
    op = null;
  }

  @Override
  public void cancelCopy() throws SQLException {
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

  private CopyOut operation() {
    if (op == null) {
      throw new IllegalStateException("This copy stream is closed.");
    }
    return op;
  }
}
