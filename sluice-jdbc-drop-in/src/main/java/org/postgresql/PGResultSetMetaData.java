package org.postgresql;

import java.sql.SQLException;

/**
 * pgjdbc's extension of a result's metadata, reached with {@code
 * rs.getMetaData().unwrap(PGResultSetMetaData.class)}: where each column comes from, by the
 * server's RowDescription and the catalog, and the format its values arrive in.
 */
public interface PGResultSetMetaData {
  /** The name of the table column this column reads (not its label); "" for an expression. */
  String getBaseColumnName(int column) throws SQLException;

  /** The table the column reads; "" for an expression. */
  String getBaseTableName(int column) throws SQLException;

  /** The schema of that table; "" for an expression. */
  String getBaseSchemaName(int column) throws SQLException;

  /** 0 when the column's values arrive as text, 1 when binary. */
  int getFormat(int column) throws SQLException;
}
