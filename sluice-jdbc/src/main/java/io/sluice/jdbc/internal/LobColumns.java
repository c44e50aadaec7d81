package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.Row;
import java.sql.SQLException;

/**
 * {@code getBlob}, {@code getClob}, {@code getNClob} and {@code getSQLXML} of a (non-NULL) column,
 * as pgjdbc's {@code PgResultSet}: the locators read the column as a large object's oid ({@code
 * getLong}, so an {@code oid} or integer column; a {@code bytea} or text that is no number is
 * {@code 22003}, as there), and SQLXML wraps the column's text, whatever its type.
 */
final class LobColumns {
  private LobColumns() {}

  private static long oid(Row r, int c, Column col) throws SQLException {
    return PrimitiveValues.whole(r, c, col, PrimitiveValues.Whole.LONG);
  }

  static LargeObjectBlob blob(Row r, int c, Column col, SluiceConnection connection) throws SQLException {
    return new LargeObjectBlob(new LargeObjects(connection), oid(r, c, col), LargeObjectBlob.Origin.COLUMN);
  }

  static LargeObjectClob clob(Row r, int c, Column col, SluiceConnection connection) throws SQLException {
    return new LargeObjectClob(new LargeObjects(connection), oid(r, c, col), LargeObjectBlob.Origin.COLUMN);
  }

  static SqlXml sqlXml(Row r, int c) {
    return SqlXml.of(r.getString(c));
  }
}
