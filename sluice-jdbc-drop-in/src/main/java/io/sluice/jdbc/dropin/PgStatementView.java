package io.sluice.jdbc.dropin;

import org.postgresql.PGStatement;

/** {@link PGStatement} of one Sluice statement: its settings are kept and read back (Sluice's statement cache decides). */
final class PgStatementView implements PGStatement {
  private final ViewState state;

  PgStatementView(ViewState state) {
    this.state = state;
  }

  @Override
  public long getLastOID() {
    return 0;
  }

  @Override
  public void setUseServerPrepare(boolean flag) {
    state.useServerPrepare = flag;
  }

  @Override
  public boolean isUseServerPrepare() {
    return state.useServerPrepare;
  }

  @Override
  public void setPrepareThreshold(int threshold) {
    state.prepareThreshold = threshold;
  }

  @Override
  public int getPrepareThreshold() {
    return state.prepareThreshold;
  }
}
