package io.sluice.jdbc.internal;

import io.sluice.RowSet;
import io.sluice.sql.Identifiers;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A {@code refcursor} value read as the rows of its cursor, as pgjdbc reads one ({@code
 * PgResultSet.internalGetObject}, {@code Types.REF_CURSOR}): {@code FETCH ALL FROM "name"} in the
 * session that opened it. A cursor a function opens lives until its transaction ends (PL/pgSQL
 * manual, "Returning Cursors"), so this works with auto-commit off, in the transaction that called
 * the function; after the transaction the server answers 34000 (the cursor does not exist).
 */
final class RefCursors {
  private RefCursors() {}

  /**
   * The rest of the cursor {@code name}'s rows, as a scrollable (TYPE_SCROLL_INSENSITIVE) result
   * set: they are read whole, so moving among them costs nothing; null for SQL NULL.
   */
  static ResultSet fetchAll(SluiceConnection connection, Object name) throws SQLException {
    if (name == null) {
      return null;
    }
    String fetch;
    try {
      fetch = "FETCH ALL FROM " + Identifiers.quote(name.toString());
    } catch (io.sluice.ValueException e) {
      throw SqlErrors.of("not a cursor name: " + e.getMessage(), "34000");
    }
    // read from a result that streams (a fetch size): the rest of it is read first, as before any
    // other statement of this thread, since the FETCH's reply would come after the stream's rows
    connection.settleStream();
    try {
      RowSet rows = connection.inSession(s -> s.query(fetch));
      return SluiceResultSet.of(null, connection, rows.columns(), rows, ResultSet.TYPE_SCROLL_INSENSITIVE, 0);
    } catch (io.sluice.SluiceException e) {
      throw connection.failed(e);
    }
  }
}
