package io.sluice.jdbc.internal;

import java.sql.SQLException;

/**
 * What a result's metadata knows beyond JDBC's questions, for the drop-in's {@code
 * PGResultSetMetaData}: each column's attribute name in its table, and the format its values
 * arrive in.
 */
public interface ColumnSources {
  /** The table attribute's name; "" for a column the server ties to no table (or unknown). */
  String baseColumnName(int column) throws SQLException;

  /** 0 for text, 1 for binary, as RowDescription says. */
  int format(int column) throws SQLException;
}
