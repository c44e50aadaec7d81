package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.Row;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An updatable result's changes: the values set on the current row or the insert row, and the
 * row verbs that send them to the table ({@link UpdatableTable}), each one statement of its own,
 * run as the connection runs any (in its transaction, or committed at once in auto-commit mode).
 * UPDATE and INSERT return the result's columns, so the row the result then shows is the
 * table's: defaults, triggers and the columns' types applied. Whether the result is updatable is
 * asked of the catalog at its first change, and every change of a result that is not fails with
 * SQLSTATE 24000, as pgjdbc's do. Public only because {@link ColumnUpdates} names it; its methods
 * are the driver's.
 */
public final class RowEdits {
  /** A cursor move: from the current row ({@code next}, {@code previous}, {@code relative}), or to a place. */
  enum Move { RELATIVE, ABSOLUTE }

  private enum Where { CURRENT_ROW, INSERT_ROW }

  private final SluiceConnection connection;
  private final List<Column> columns;
  private final String sql;
  private final RowCursor cursor;
  private UpdatableTable.Updatability updatability;
  /** The values set since the last row verb or move, by table column, in the order first set. */
  private final Map<String, Object> pending = new LinkedHashMap<>();
  private Where where = Where.CURRENT_ROW;
  /** The row the last insertRow put in from the insert row, which its getters then read. */
  private Row inserted;

  RowEdits(SluiceConnection connection, List<Column> columns, String sql, RowCursor cursor) {
    this.connection = connection;
    this.columns = columns;
    this.sql = sql;
    this.cursor = cursor;
  }

  private UpdatableTable table() throws SQLException {
    if (updatability == null) {
      updatability = UpdatableTable.of(columns, sql, connection);
    }
    return switch (updatability) {
      case UpdatableTable.Updatable u -> u.table();
      case UpdatableTable.NotUpdatable n -> throw SqlErrors.of(n.reason(), "24000");
    };
  }

  boolean onInsertRow() {
    return where == Where.INSERT_ROW;
  }

  /** The row the getters read: the current row, or on the insert row the row inserted from it. */
  Row shown() throws SQLException {
    if (where == Where.CURRENT_ROW) {
      return cursor.current();
    }
    if (inserted == null) {
      throw SqlErrors.of("the insert row has no values to read until insertRow() puts it in the table", "24000");
    }
    return inserted;
  }

  /** Before the cursor moves: the values set are dropped; a move to a place leaves the insert row. */
  void moving(Move move) throws SQLException {
    if (where == Where.INSERT_ROW) {
      if (move == Move.RELATIVE) {
        throw SqlErrors.of("next, previous and relative move from the current row, and the cursor is on the"
            + " insert row: call moveToCurrentRow() first", "24000");
      }
      where = Where.CURRENT_ROW;
      inserted = null;
    }
    pending.clear();
  }

  /** {@code updateXxx}: column {@code column} (1-based) of the current row or the insert row is to be {@code value}. */
  void set(int column, Object value) throws SQLException {
    UpdatableTable t = table();
    if (where == Where.CURRENT_ROW && cursor.current() == null) {
      throw SqlErrors.of("no row to update: the cursor is before the first row or after the last (move to a"
          + " row, or to the insert row with moveToInsertRow())", "24000");
    }
    if (column < 1 || column > columns.size()) {
      throw SqlErrors.of("column index " + column + " out of range: the result has " + columns.size() + " columns",
          "22023");
    }
    pending.put(t.attribute(column - 1), value);
  }

  void updateRow() throws SQLException {
    UpdatableTable t = table();
    Row row = currentRow("updateRow");
    if (pending.isEmpty()) {
      return;   // nothing set: nothing to send (pgjdbc's too)
    }
    List<Object> values = new ArrayList<>(pending.values());
    values.addAll(t.keyOf(row));
    Row updated = returned(t.update(pending.keySet()), values);
    if (updated == null) {
      throw gone("updateRow");
    }
    cursor.replace(updated);
    pending.clear();
  }

  /** INSERT of the values set on the insert row; a column not set takes its default (none set: DEFAULT VALUES). */
  void insertRow() throws SQLException {
    UpdatableTable t = table();
    if (where != Where.INSERT_ROW) {
      throw SqlErrors.of("insertRow: the cursor is not on the insert row (call moveToInsertRow() first)", "24000");
    }
    Row row = returned(t.insert(pending.keySet()), new ArrayList<>(pending.values()));
    if (row == null) {
      throw SqlErrors.of("insertRow: the table took no row (a BEFORE INSERT trigger or a rule skipped it)", "02000");
    }
    cursor.append(row);
    inserted = row;
    pending.clear();
  }

  /** DELETE of the current row; the cursor is then on the row before it, or before the first (as pgjdbc's). */
  void deleteRow() throws SQLException {
    UpdatableTable t = table();
    Row row = currentRow("deleteRow");
    try (SluicePreparedStatement ps = prepared(t.delete(), t.keyOf(row))) {
      if (ps.executeLargeUpdate() == 0) {
        throw gone("deleteRow");
      }
    }
    cursor.removeCurrent();
    pending.clear();
  }

  /** The current row read again from the table; nothing before the first row or after the last (as pgjdbc). */
  void refreshRow() throws SQLException {
    UpdatableTable t = table();
    refuseOnInsertRow("refreshRow");
    Row row = cursor.current();
    if (row == null) {
      return;
    }
    Row fresh = returned(t.select(), t.keyOf(row));
    if (fresh == null) {
      throw gone("refreshRow");
    }
    cursor.replace(fresh);
    pending.clear();
  }

  void cancelRowUpdates() throws SQLException {
    refuseOnInsertRow("cancelRowUpdates");
    pending.clear();
  }

  void moveToInsertRow() throws SQLException {
    table();
    where = Where.INSERT_ROW;
    inserted = null;
    pending.clear();
  }

  void moveToCurrentRow() throws SQLException {
    table();
    where = Where.CURRENT_ROW;
    inserted = null;
    pending.clear();
  }

  private void refuseOnInsertRow(String method) throws SQLException {
    if (where == Where.INSERT_ROW) {
      throw SqlErrors.of(method + ": the cursor is on the insert row (moveToCurrentRow() leaves it)", "24000");
    }
  }

  /** The current row, for a verb that changes it; none is SQLSTATE 24000. */
  private Row currentRow(String method) throws SQLException {
    refuseOnInsertRow(method);
    Row row = cursor.current();
    if (row == null) {
      throw SqlErrors.of(method + ": no current row (the cursor is before the first row or after the last)",
          "24000");
    }
    return row;
  }

  private static SQLException gone(String method) {
    return SqlErrors.of(method + ": the row is no longer in the table by its key (deleted, or its key changed,"
        + " since the result read it)", "02000");
  }

  /** The one row {@code sql} returns, or null for none. */
  private Row returned(String sql, List<Object> values) throws SQLException {
    try (SluicePreparedStatement ps = prepared(sql, values); SluiceResultSet rs = (SluiceResultSet) ps.executeQuery()) {
      return rs.next() ? rs.currentRow() : null;
    }
  }

  /** A driver statement for {@code sql} ({@code ?} placeholders) with {@code values} bound as they are. */
  private SluicePreparedStatement prepared(String sql, List<Object> values) throws SQLException {
    SluicePreparedStatement ps = new SluicePreparedStatement(connection, sql, ResultSet.TYPE_FORWARD_ONLY,
        ResultSet.CONCUR_READ_ONLY, GeneratedKeys.NONE);
    ps.setFetchSize(0);
    for (int i = 0; i < values.size(); i++) {
      ps.set(i + 1, values.get(i));
    }
    return ps;
  }

  /**
   * {@code updateObject}'s value as it travels: text (a string, or an object the {@link Extension}
   * knows, such as the drop-in's PGobject) untyped, for the server to read as the column's type;
   * the rest as {@code setObject} sends it.
   */
  static Object value(Object x) throws SQLException {
    if (x instanceof CharSequence || x instanceof Character) {
      return x.toString();
    }
    Extension.TypedText t = x == null || !Extensions.present() ? null : Extensions.get().parameter(x);
    return t != null ? t.text() : ParameterValues.of(x);
  }

  /** {@code updateObject(i, x, scale)}: a BigDecimal rounded half up to the scale (JDBC: for DECIMAL and NUMERIC). */
  static Object value(Object x, int scale) throws SQLException {
    return x instanceof BigDecimal d && scale >= 0 ? d.setScale(scale, RoundingMode.HALF_UP) : value(x);
  }

  /** {@code updateObject(i, x, type, scale)}: converted for {@code type} as {@code setObject} does. */
  static Object value(Object x, SQLType type, int scale) throws SQLException {
    Extension.TypedText t = x == null || !Extensions.present() ? null : Extensions.get().parameter(x);
    if (t != null) {
      return t.text();
    }
    return ParameterValues.of(x, SluicePreparedStatement.vendorCode(type), scale);
  }
}
