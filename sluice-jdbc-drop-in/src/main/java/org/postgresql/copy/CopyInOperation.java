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
