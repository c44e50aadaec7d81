package org.postgresql.copy;

import io.sluice.SluiceException;
import io.sluice.jdbc.internal.SqlErrors;
import java.io.OutputStream;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * {@link CopyOut} over Sluice's push-style {@code Copy.to}: the COPY runs to its end when started,
 * each CopyData kept as one piece. Reading it on another thread while the caller pulls would hold
 * up the caller's own JDBC transaction, which only its thread may use.
 */
final class CopyOutOperation implements CopyOut {
  private final ArrayDeque<byte[]> pieces;
  private final long rows;

  private CopyOutOperation(ArrayDeque<byte[]> pieces, long rows) {
    this.pieces = pieces;
    this.rows = rows;
  }

  static CopyOut run(io.sluice.Copy copy, String sql) throws SQLException {
    ArrayDeque<byte[]> pieces = new ArrayDeque<>();
    OutputStream keep = new OutputStream() {
      @Override
      public void write(int b) {
        pieces.add(new byte[] {(byte) b});
      }

      @Override
      public void write(byte[] b, int off, int len) {
        pieces.add(Arrays.copyOfRange(b, off, off + len));
      }
    };
    try {
      return new CopyOutOperation(pieces, copy.to(sql, keep));
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  @Override
  public synchronized byte[] readFromCopy() {
    return pieces.poll();
  }

  @Override
  public byte[] readFromCopy(boolean block) {
    return readFromCopy();
  }

  @Override
  public synchronized boolean isActive() {
    return !pieces.isEmpty();
  }

  /** The data is read already: what is left of it is dropped. */
  @Override
  public synchronized void cancelCopy() {
    pieces.clear();
  }

  @Override
  public long getHandledRowCount() {
    return rows;
  }

  @Override
  public int getFieldCount() {
    throw notReported();
  }

  @Override
  public int getFormat() {
    throw notReported();
  }

  @Override
  public int getFieldFormat(int field) {
    throw notReported();
  }

  static UnsupportedOperationException notReported() {
    return new UnsupportedOperationException("Sluice's COPY does not report the columns' count or formats");
  }
}
