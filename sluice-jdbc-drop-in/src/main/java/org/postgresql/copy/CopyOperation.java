package org.postgresql.copy;

import java.sql.SQLException;

/** A COPY in progress. */
public interface CopyOperation {
  /**
   * Not known: Sluice's COPY does not report the CopyInResponse's or CopyOutResponse's columns.
   *
   * @throws UnsupportedOperationException always
   */
  int getFieldCount();

  /**
   * Not known, as {@link #getFieldCount()}.
   *
   * @throws UnsupportedOperationException always
   */
  int getFormat();

  /**
   * Not known, as {@link #getFieldCount()}.
   *
   * @throws UnsupportedOperationException always
   */
  int getFieldFormat(int field);

  /** Whether the COPY has not ended yet. */
  boolean isActive();

  /** Abandons the COPY; nothing of it is kept. */
  void cancelCopy() throws SQLException;

  /** The rows copied, once the COPY has ended; 0 before. */
  long getHandledRowCount();
}
