package io.sluice.jdbc.internal;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The row verbs of an updatable result (update, insert, delete and refresh the current row, move
 * to and from the insert row, drop pending changes), each the result's {@link RowEdits}; on a
 * read-only result they fail with pgjdbc's SQLSTATE 24000. {@code rowUpdated}, {@code
 * rowInserted} and {@code rowDeleted} answer false, as pgjdbc's do and as {@code
 * DatabaseMetaData.updatesAreDetected} says: a changed row is shown as it now is, a deleted one
 * is gone. Public only so that reflection through the public {@link SluiceResultSet} reaches
 * these methods; not meant to be implemented elsewhere.
 */
public interface RowChanges extends ColumnUpdates {
  @Override
  default boolean rowUpdated() throws SQLException {
    getConcurrency();   // fails on a closed result
    return false;
  }

  @Override
  default boolean rowInserted() throws SQLException {
    getConcurrency();   // fails on a closed result
    return false;
  }

  @Override
  default boolean rowDeleted() throws SQLException {
    getConcurrency();   // fails on a closed result
    return false;
  }

  @Override
  default void insertRow() throws SQLException {
    edits("insertRow").insertRow();
  }

  @Override
  default void updateRow() throws SQLException {
    edits("updateRow").updateRow();
  }

  @Override
  default void deleteRow() throws SQLException {
    edits("deleteRow").deleteRow();
  }

  @Override
  default void refreshRow() throws SQLException {
    edits("refreshRow").refreshRow();
  }

  /** Nothing to drop on a read-only result (pgjdbc's does not refuse it either). */
  @Override
  default void cancelRowUpdates() throws SQLException {
    if (getConcurrency() == ResultSet.CONCUR_UPDATABLE) {
      edits("cancelRowUpdates").cancelRowUpdates();
    }
  }

  @Override
  default void moveToInsertRow() throws SQLException {
    edits("moveToInsertRow").moveToInsertRow();
  }

  @Override
  default void moveToCurrentRow() throws SQLException {
    edits("moveToCurrentRow").moveToCurrentRow();
  }
}
