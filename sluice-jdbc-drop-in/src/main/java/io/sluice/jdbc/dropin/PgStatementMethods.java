package io.sluice.jdbc.dropin;

import org.postgresql.PGStatement;

/**
 * pgjdbc's {@link PGStatement} over what one statement keeps ({@link ViewState}): its settings are
 * kept and read back, and Sluice's statement cache decides what is prepared on the server. The
 * drop-in's statement classes implement it, so that code casting a statement works, and so does
 * the view {@code unwrap} gives of any other statement.
 */
interface PgStatementMethods extends PGStatement {
  /** What this statement's pgjdbc calls remember. */
  ViewState pgState();

  @Override
  default long getLastOID() {
    return 0;
  }

  @Override
  default void setUseServerPrepare(boolean flag) {
    pgState().useServerPrepare = flag;
  }

  @Override
  default boolean isUseServerPrepare() {
    return pgState().useServerPrepare;
  }

  @Override
  default void setPrepareThreshold(int threshold) {
    pgState().prepareThreshold = threshold;
  }

  @Override
  default int getPrepareThreshold() {
    return pgState().prepareThreshold;
  }
}
