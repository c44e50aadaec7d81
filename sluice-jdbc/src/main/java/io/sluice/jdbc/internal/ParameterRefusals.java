package io.sluice.jdbc.internal;

import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;

/**
 * Refuses the parameter types PostgreSQL does not have: REF and ROWID (a row is found by its
 * key). Public only so that reflection through the public {@link SluicePreparedStatement} reaches
 * these methods; not meant to be implemented elsewhere.
 */
public interface ParameterRefusals extends PreparedStatement {
  @Override
  default void setRef(int parameterIndex, Ref x) throws SQLException {
    throw Refusal.NO_REFS.of("setRef");
  }

  @Override
  default void setRowId(int parameterIndex, RowId x) throws SQLException {
    throw Refusal.NO_REFS.of("setRowId");
  }
}
