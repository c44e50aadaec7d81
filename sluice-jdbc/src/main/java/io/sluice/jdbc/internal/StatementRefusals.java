package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * Refuses what a statement does not offer: generated keys by column index (RETURNING names
 * columns: ask by name or with RETURN_GENERATED_KEYS) and cursor names for positioned updates.
 * Public only so that reflection through the public {@link SluiceStatement} and its subclasses
 * reaches these methods; not meant to be implemented elsewhere.
 */
public interface StatementRefusals extends Statement {
  @Override
  default int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    throw Refusal.KEYS_BY_INDEX.of("executeUpdate");
  }

  @Override
  default long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    throw Refusal.KEYS_BY_INDEX.of("executeLargeUpdate");
  }

  @Override
  default boolean execute(String sql, int[] columnIndexes) throws SQLException {
    throw Refusal.KEYS_BY_INDEX.of("execute");
  }

  @Override
  default void setCursorName(String name) throws SQLException {
    throw Refusal.NAMED_CURSORS.of("setCursorName");
  }
}
