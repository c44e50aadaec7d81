package org.postgresql.copy;

import io.sluice.SluiceException;
import io.sluice.jdbc.internal.SqlErrors;
import java.sql.SQLException;

/** {@link CopyIn} over Sluice's {@code io.sluice.CopyIn}. */
final class CopyInOperation implements CopyIn {
  private final io.sluice.CopyIn in;
  private boolean active = true;
  private long rows;

  private CopyInOperation(io.sluice.CopyIn in) {
    this.in = in;
  }

  static CopyIn start(io.sluice.Copy copy, String sql) throws SQLException {
    try {
      return new CopyInOperation(copy.open(sql));
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  @Override
  public void writeToCopy(byte[] buf, int off, int siz) throws SQLException {
    check();
    try {
      in.write(buf, off, siz);
    } catch (SluiceException e) {
      active = false;
      throw SqlErrors.of(e);
    }
  }

  /** What the writer writes goes as it writes it; more or fewer bytes than its length is an error. */
  @Override
  public void writeToCopy(org.postgresql.util.ByteStreamWriter from) throws SQLException {
    check();
    int expected = from.getLength();
    long[] written = {0};
    java.io.OutputStream out = new java.io.OutputStream() {
      @Override
      public void write(int b) throws java.io.IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws java.io.IOException {
        try {
          writeToCopy(b, off, len);
        } catch (SQLException e) {
          throw new java.io.IOException(e);
        }
        written[0] += len;
      }
    };
    try {
      from.writeTo(() -> out);
    } catch (java.io.IOException e) {
      if (e.getCause() instanceof SQLException sent) {
        throw sent;   // the COPY's own failure (the server ended it, the connection failed): as it was
      }
      cancelQuietly();
      throw SqlErrors.forState("22023", "the ByteStreamWriter failed: " + e.getMessage(), 0, e);
    }
    if (written[0] != expected) {
      cancelQuietly();
      throw SqlErrors.of("the ByteStreamWriter wrote " + written[0] + " bytes where its length says " + expected
          + "; the COPY was cancelled", "22023");
    }
  }

  private void cancelQuietly() {
    try {
      cancelCopy();
    } catch (SQLException ignored) {
      // the writer's failure is the one to report
    }
  }

  @Override
  public void flushCopy() throws SQLException {
    check();
  }

  @Override
  public long endCopy() throws SQLException {
    check();
    active = false;
    try {
      rows = in.finish();
      return rows;
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  @Override
  public void cancelCopy() throws SQLException {
    active = false;
    try {
      in.cancel("the COPY was cancelled by the application");
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  @Override
  public boolean isActive() {
    return active;
  }

  @Override
  public long getHandledRowCount() {
    return rows;
  }

  @Override
  public int getFieldCount() {
    throw CopyOutOperation.notReported();
  }

  @Override
  public int getFormat() {
    throw CopyOutOperation.notReported();
  }

  @Override
  public int getFieldFormat(int field) {
    throw CopyOutOperation.notReported();
  }

  private void check() throws SQLException {
    if (!active) {
      throw SqlErrors.of("this COPY has ended", "55000");
    }
  }
}
