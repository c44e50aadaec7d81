package io.sluice.jdbc.internal;

import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;

/**
 * Refuses writing a REF or ROWID into a result's row: PostgreSQL has neither type (a row is found
 * by its key, as an updatable result finds its rows). The other {@code updateXxx} methods are
 * {@link ColumnUpdates}. Public only so that reflection through the public {@link
 * SluiceResultSet} reaches these methods (a default method of a package-private interface cannot
 * be invoked from outside the package); not meant to be implemented elsewhere.
 */
public interface ColumnUpdateRefusals extends ResultSet {
  @Override
  default void updateRef(int columnIndex, Ref x) throws SQLException {
    throw Refusal.NO_REFS.of("updateRef");
  }

  @Override
  default void updateRef(String columnLabel, Ref x) throws SQLException {
    throw Refusal.NO_REFS.of("updateRef");
  }

  @Override
  default void updateRowId(int columnIndex, RowId x) throws SQLException {
    throw Refusal.NO_REFS.of("updateRowId");
  }

  @Override
  default void updateRowId(String columnLabel, RowId x) throws SQLException {
    throw Refusal.NO_REFS.of("updateRowId");
  }
}
