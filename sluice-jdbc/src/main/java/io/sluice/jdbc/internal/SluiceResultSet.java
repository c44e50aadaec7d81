package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.List;
import java.util.Map;

/**
 * A result over Sluice's rows, which decode a column only when it is read. Either read whole (a
 * {@link io.sluice.RowSet}, or rows gathered from several statements) — then it may scroll — or
 * streamed from a portal {@code fetchSize} rows at a time, forward only. A streamed result holds its
 * connection; when its thread runs another statement on the connection, or ends the transaction,
 * the rows not read yet are first read into memory ({@link #buffer()}), so that JDBC's habit of
 * running statements while reading a result keeps working. An updatable result is read whole and
 * changes its rows through {@link RowEdits}.
 */
public final class SluiceResultSet implements GettersByLabel, DerivedGetters, ColumnUpdates, ColumnUpdatesByLabel,
    ColumnUpdateRefusals, RowChanges, LocatorRefusals, SelfWrapper {
  private final SluiceStatement statement;
  private final SluiceConnection connection;
  private final List<Column> columns;
  private final int type;
  private RowCursor cursor;
  private boolean wasNull;
  private boolean closed;
  private int fetchSize;
  private Map<String, Integer> labels;
  private ResultSetMetaData metaData; // one per result: its column origins cost a catalog query
  private RowEdits edits; // an updatable result's pending changes and insert row; null when read-only

  private SluiceResultSet(SluiceStatement statement, SluiceConnection connection, List<Column> columns, int type) {
    this.statement = statement;
    this.connection = connection;
    this.columns = columns;
    this.type = type;
    this.fetchSize = statement != null ? statement.fetchSize() : 0;   // as its statement's, as in pgjdbc
  }

  /** A result read whole. */
  static SluiceResultSet of(SluiceStatement statement, SluiceConnection connection, List<Column> columns,
      List<Row> rows, int type, long maxRows) {
    SluiceResultSet rs = new SluiceResultSet(statement, connection, columns, type);
    rs.cursor = RowCursor.over(rows, maxRows);
    return rs;
  }

  /**
   * An updatable result (CONCUR_UPDATABLE): read whole, its rows a list it changes as its own
   * updates, inserts and deletes go to the table {@code sql} reads ({@link RowEdits}).
   */
  static SluiceResultSet editable(SluiceStatement statement, SluiceConnection connection, io.sluice.RowSet rows,
      int type, long maxRows, String sql) {
    SluiceResultSet rs = of(statement, connection, rows.columns(), rows, type, maxRows);
    rs.cursor.editable();
    rs.edits = new RowEdits(connection, rs.columns, sql, rs.cursor);
    return rs;
  }

  /** A result streamed from a portal; it registers with the connection until read or closed. */
  static SluiceResultSet streamed(SluiceStatement statement, SluiceConnection connection, RowStream stream,
      long maxRows) {
    SluiceResultSet rs = new SluiceResultSet(statement, connection, stream.columns(), ResultSet.TYPE_FORWARD_ONLY);
    rs.cursor = RowCursor.over(stream, maxRows, () -> connection.streamEnded(rs));
    connection.streamOpened(rs);
    return rs;
  }

  boolean streamedBy(Thread t) {
    return cursor.streamedBy(t);
  }

  /** Reads the rest of a streamed result into memory and frees the connection. */
  void buffer() throws SQLException {
    cursor.buffer();
  }

  List<Column> columns() {
    return columns;
  }

  /** The row the cursor is on, for the driver's own statements that read one row ({@link RowEdits}). */
  Row currentRow() throws SQLException {
    return row();
  }

  /**
   * The pending changes of this updatable result, for {@code method}; a read-only result refuses
   * with pgjdbc's SQLSTATE 24000. Not for applications: the {@code updateXxx} and row methods call it.
   */
  @Override
  public RowEdits edits(String method) throws SQLException {
    checkOpen();
    if (edits == null) {
      throw SqlErrors.of(method + ": the result is read-only (CONCUR_READ_ONLY); create the statement with"
          + " ResultSet.CONCUR_UPDATABLE to change rows through it", "24000");
    }
    return edits;
  }

  /**
   * A result set that is closed, or whose connection is, refuses everything but {@code close},
   * {@code isClosed}, {@code unwrap} and {@code isWrapperFor} with pgjdbc's {@code 55000}
   * ({@code PgResultSet.checkClosed}: object not in prerequisite state).
   */
  private void checkOpen() throws SQLException {
    if (closed || connection != null && connection.isClosed()) {
      throw SqlErrors.of("the result set is closed", "55000");
    }
  }

  /** The cursor, to scroll with {@code what}: a move that leaves the insert row, or, {@code RELATIVE}, refused on it. */
  private RowCursor scrolling(String what, RowEdits.Move move) throws SQLException {
    checkOpen();
    if (type == ResultSet.TYPE_FORWARD_ONLY) {
      throw SqlErrors.of(what + " needs a scrollable result (TYPE_SCROLL_INSENSITIVE); this one is forward-only",
          "24000");
    }
    return moving(move);
  }

  /** The cursor, to move: an updatable result first drops its pending changes ({@link RowEdits#moving}). */
  private RowCursor moving(RowEdits.Move move) throws SQLException {
    checkOpen();
    if (edits != null) {
      edits.moving(move);
    }
    return cursor;
  }

  /** Whether the cursor is on an updatable result's insert row, where it is at no position (as pgjdbc's). */
  private boolean onInsertRow() {
    return edits != null && edits.onInsertRow();
  }

  @Override
  public boolean next() throws SQLException {
    return moving(RowEdits.Move.RELATIVE).next();
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      cursor.close();
    } finally {
      if (statement != null) {
        statement.resultClosed();
      }
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  private Row row() throws SQLException {
    checkOpen();
    Row current = edits == null ? cursor.current() : edits.shown();
    if (current == null) {
      throw SqlErrors.of("no current row: call next() first"
          + (cursor.pastTheEnd() ? " (the result has no more rows)" : ""), "24000");
    }
    return current;
  }

  /** The 0-based index of 1-based JDBC column {@code i}. */
  private int col(int i) throws SQLException {
    if (i < 1 || i > columns.size()) {
      throw SqlErrors.of("column index " + i + " out of range: the result has " + columns.size() + " columns",
          "22023");
    }
    return i - 1;
  }

  /** Reads column {@code i} with {@code getter}, setting wasNull; null for SQL NULL. */
  private <T> T read(int i, RowGetter<T> getter) throws SQLException {
    Row r = row();
    int c = col(i);
    if (r.isNull(c)) {
      wasNull = true;
      return null;
    }
    wasNull = false;
    try {
      return getter.get(r, c);
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  @FunctionalInterface
  private interface RowGetter<T> {
    T get(Row r, int c) throws SQLException;
  }

  private String name(int c) {
    return columns.get(c).name();
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return wasNull;
  }

  @Override
  public String getString(int i) throws SQLException {
    return MaxFieldSize.cut(statement, columns.get(col(i)), read(i, Row::getString));
  }

  @Override
  public boolean getBoolean(int i) throws SQLException {
    Boolean b = read(i, (r, c) -> PrimitiveValues.bool(r, c, columns.get(c)));
    return b != null && b;
  }

  /** An integer getter: JDBC's table B-6, the fraction dropped ({@link PrimitiveValues#whole}); 0 for NULL. */
  private long whole(int i, PrimitiveValues.Whole to) throws SQLException {
    Long v = read(i, (r, c) -> PrimitiveValues.whole(r, c, columns.get(c), to));
    return v == null ? 0 : v;
  }

  @Override
  public byte getByte(int i) throws SQLException {
    return (byte) whole(i, PrimitiveValues.Whole.BYTE);
  }

  @Override
  public short getShort(int i) throws SQLException {
    return (short) whole(i, PrimitiveValues.Whole.SHORT);
  }

  @Override
  public int getInt(int i) throws SQLException {
    return (int) whole(i, PrimitiveValues.Whole.INT);
  }

  @Override
  public long getLong(int i) throws SQLException {
    return whole(i, PrimitiveValues.Whole.LONG);
  }

  @Override
  public float getFloat(int i) throws SQLException {
    Float v = read(i, Row::getFloat);
    return v == null ? 0 : v;
  }

  @Override
  public double getDouble(int i) throws SQLException {
    Double v = read(i, Row::getDouble);
    return v == null ? 0 : v;
  }

  @Override
  public BigDecimal getBigDecimal(int i) throws SQLException {
    return read(i, (r, c) -> PrimitiveValues.decimal(r, c, columns.get(c)));
  }

  @Override
  public byte[] getBytes(int i) throws SQLException {
    return MaxFieldSize.cut(statement, columns.get(col(i)),
        read(i, (r, c) -> r.get(c) instanceof byte[] b ? b : r.getString(c).getBytes(StandardCharsets.UTF_8)));
  }

  @Override
  public Date getDate(int i, Calendar cal) throws SQLException {
    return read(i, (r, c) -> TemporalValues.date(r.get(c), cal, name(c)));
  }

  @Override
  public Time getTime(int i, Calendar cal) throws SQLException {
    return read(i, (r, c) -> TemporalValues.time(r.get(c), cal, name(c)));
  }

  @Override
  public Timestamp getTimestamp(int i, Calendar cal) throws SQLException {
    return read(i, (r, c) -> TemporalValues.timestamp(r.get(c), cal, name(c)));
  }

  @Override
  public java.sql.Blob getBlob(int i) throws SQLException {
    return read(i, (r, c) -> LobColumns.blob(r, c, columns.get(c), connection));
  }

  @Override
  public java.sql.Clob getClob(int i) throws SQLException {
    return read(i, (r, c) -> LobColumns.clob(r, c, columns.get(c), connection));
  }

  @Override
  public java.sql.NClob getNClob(int i) throws SQLException {
    return read(i, (r, c) -> LobColumns.clob(r, c, columns.get(c), connection));
  }

  @Override
  public java.sql.SQLXML getSQLXML(int i) throws SQLException {
    return read(i, (r, c) -> LobColumns.sqlXml(r, c));
  }

  @Override
  public Object getObject(int i) throws SQLException {
    return MaxFieldSize.cut(statement, columns.get(col(i)),
        read(i, (r, c) -> ObjectValues.jdbcObject(r, c, columns.get(c), connection)));
  }

  @Override
  public <T> T getObject(int i, Class<T> type) throws SQLException {
    if (type == null) {
      throw SqlErrors.of("getObject needs a class", "HY000");
    }
    T v = read(i, (r, c) -> ObjectValues.as(r, c, columns.get(c), type, connection));
    return v != null || !wasNull ? v : ObjectValues.nullAs(columns.get(col(i)), type, connection);
  }

  @Override
  public Object getObject(int i, Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw SqlErrors.unsupported("custom type maps (SQLData)");
    }
    return getObject(i);
  }

  @Override
  public java.sql.Array getArray(int i) throws SQLException {
    return read(i, (r, c) -> ObjectValues.array(r, c, r.get(c), columns.get(c), connection));
  }

  // by label: the first column of that name, case-insensitively (JDBC 4.3, ResultSet)
  @Override
  public int findColumn(String label) throws SQLException {
    checkOpen();
    if (labels == null) {
      Map<String, Integer> m = new java.util.HashMap<>();
      for (int c = columns.size() - 1; c >= 0; c--) {
        m.put(columns.get(c).name(), c + 1);
        m.put(columns.get(c).name().toLowerCase(java.util.Locale.ROOT), c + 1);
      }
      labels = m;
    }
    Integer exact = labels.get(label);
    Integer i = exact != null ? exact : label == null ? null : labels.get(label.toLowerCase(java.util.Locale.ROOT));
    if (i == null) {
      throw SqlErrors.of("no column named \"" + label + "\" in this result; its columns are "
          + columns.stream().map(Column::name).toList(), "42703");
    }
    return i;
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return metaData != null ? metaData : (metaData = SluiceResultSetMetaData.of(columns, connection));
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return null;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
  }

  @Override
  public Statement getStatement() throws SQLException {
    checkOpen();
    return statement;
  }

  // position and scrolling
  @Override
  public boolean isBeforeFirst() throws SQLException {
    checkOpen();
    return !onInsertRow() && cursor.isBeforeFirst();
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    checkOpen();
    return !onInsertRow() && cursor.isAfterLast();
  }

  @Override
  public boolean isFirst() throws SQLException {
    checkOpen();
    return !onInsertRow() && cursor.isFirst();
  }

  @Override
  public boolean isLast() throws SQLException {
    checkOpen();
    return !onInsertRow() && cursor.isLast();
  }

  @Override
  public int getRow() throws SQLException {
    checkOpen();
    return onInsertRow() ? 0 : cursor.row();
  }

  @Override
  public void beforeFirst() throws SQLException {
    scrolling("beforeFirst", RowEdits.Move.ABSOLUTE).beforeFirst();
  }

  @Override
  public void afterLast() throws SQLException {
    scrolling("afterLast", RowEdits.Move.ABSOLUTE).afterLast();
  }

  @Override
  public boolean first() throws SQLException {
    return scrolling("first", RowEdits.Move.ABSOLUTE).first();
  }

  @Override
  public boolean last() throws SQLException {
    return scrolling("last", RowEdits.Move.ABSOLUTE).last();
  }

  @Override
  public boolean absolute(int row) throws SQLException {
    return scrolling("absolute", RowEdits.Move.ABSOLUTE).absolute(row);
  }

  @Override
  public boolean relative(int rows) throws SQLException {
    return scrolling("relative", RowEdits.Move.RELATIVE).relative(rows);
  }

  @Override
  public boolean previous() throws SQLException {
    return scrolling("previous", RowEdits.Move.RELATIVE).previous();
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != ResultSet.FETCH_FORWARD && type == ResultSet.TYPE_FORWARD_ONLY) {
      throw SqlErrors.of("a forward-only result is fetched forward", "24000");
    }
  }

  @Override
  public int getFetchDirection() throws SQLException {
    checkOpen();
    return ResultSet.FETCH_FORWARD;
  }

  /** A hint only: a result already streams in its statement's chunks, or is in memory. */
  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    fetchSize = Wrappers.nonNegative(rows, "fetch size");
  }

  @Override
  public int getType() throws SQLException {
    checkOpen();
    return type;
  }

  @Override
  public int getConcurrency() throws SQLException {
    checkOpen();
    return edits == null ? ResultSet.CONCUR_READ_ONLY : ResultSet.CONCUR_UPDATABLE;
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }
}
