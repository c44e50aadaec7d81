package io.sluice.jdbc.internal;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Refuses the row verbs of an updatable result (insert, update, delete and refresh the current
 * row, move to and from the insert row) and the questions about their effect ({@code
 * rowUpdated}, …): the driver's results are read-only, as {@link ColumnUpdateRefusals} says
 * for the column writes. Public only so that reflection through the public {@link
 * SluiceResultSet} reaches these methods; not meant to be implemented elsewhere.
 */
public interface RowChangeRefusals extends ResultSet {
  @Override
  default boolean rowUpdated() throws SQLException {
    throw Refusal.READ_ONLY.of("rowUpdated");
  }

  @Override
  default boolean rowInserted() throws SQLException {
    throw Refusal.READ_ONLY.of("rowInserted");
  }

  @Override
  default boolean rowDeleted() throws SQLException {
    throw Refusal.READ_ONLY.of("rowDeleted");
  }

  @Override
  default void insertRow() throws SQLException {
    throw Refusal.READ_ONLY.of("insertRow");
  }

  @Override
  default void updateRow() throws SQLException {
    throw Refusal.READ_ONLY.of("updateRow");
  }

  @Override
  default void deleteRow() throws SQLException {
    throw Refusal.READ_ONLY.of("deleteRow");
  }

  @Override
  default void refreshRow() throws SQLException {
    throw Refusal.READ_ONLY.of("refreshRow");
  }

  @Override
  default void cancelRowUpdates() throws SQLException {
    throw Refusal.READ_ONLY.of("cancelRowUpdates");
  }

  @Override
  default void moveToInsertRow() throws SQLException {
    throw Refusal.READ_ONLY.of("moveToInsertRow");
  }

  @Override
  default void moveToCurrentRow() throws SQLException {
    throw Refusal.READ_ONLY.of("moveToCurrentRow");
  }
}
