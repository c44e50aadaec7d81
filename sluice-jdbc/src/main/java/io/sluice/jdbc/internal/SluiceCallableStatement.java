package io.sluice.jdbc.internal;

import io.sluice.sql.JdbcSql;
import io.sluice.sql.RewrittenSql;
import io.sluice.ValueException;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.CallableStatement;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.BitSet;
import java.util.Calendar;
import java.util.Map;

/**
 * A JDBC callable statement: <code>{? = call f(?)}</code>, <code>{call f(?, ?)}</code> and
 * {@code call proc(?, ?)}. A function's OUT parameters are left out of its argument list (they
 * are result columns in PostgreSQL); a procedure's OUT arguments are passed as NULL, as CALL
 * requires. The OUT values are read from the first row of the result: the registered OUT
 * parameters, in order, are its columns in order (the return slot of <code>{? = call}</code>
 * first).
 */
public class SluiceCallableStatement extends SluicePreparedStatement implements CallableStatement,
    NamedParameterRefusals {
  private final BitSet outs = new BitSet();
  /** OUT parameters registered as {@code REF_CURSOR}: their cursors are read when the call runs. */
  private final BitSet cursors = new BitSet();
  private final java.util.Map<Integer, ResultSet> cursorRows = new java.util.HashMap<>();
  private SluiceResultSet outRow;
  /** Whether an OUT parameter was read since the call ran: what {@link #wasNull} speaks of. */
  private boolean outRead;

  @SuppressWarnings("this-escape")   // close() on a malformed escape; the drop-in's subclass overrides nothing
  protected SluiceCallableStatement(SluiceConnection connection, String sql, int resultSetType, int concurrency)
      throws SQLException {
    super(connection, sql, resultSetType, concurrency, GeneratedKeys.NONE);
    if (rewritten.call() == RewrittenSql.Call.NONE && sql.strip().startsWith("{")) {
      // a brace first is a call escape or nothing: "{ ?= f(?) }" (no call) would otherwise reach
      // the server as it is; pgjdbc refuses it here too (its Parser.modifyJdbcCall)
      close();
      throw SqlErrors.of("malformed call escape: expected {call f(…)} or {? = call f(…)}: "
          + DriverSettings.quoted(sql.strip()), "42601");
    }
    if (rewritten.call() == RewrittenSql.Call.CALL_RETURNING) {
      outs.set(1);   // the return slot is always an OUT parameter
    }
  }

  @Override
  public void registerOutParameter(int i, int sqlType) throws SQLException {
    checkOpen();
    if (i < 1 || i > parameters.count()) {
      throw SqlErrors.of("parameter index " + i + " out of range: the call has " + parameters.count()
          + " parameter(s)", "07009");
    }
    outs.set(i);
    cursors.set(i, sqlType == java.sql.Types.REF_CURSOR);
  }

  @Override
  public void registerOutParameter(int i, int sqlType, int scale) throws SQLException {
    registerOutParameter(i, sqlType);
  }

  @Override
  public void registerOutParameter(int i, int sqlType, String typeName) throws SQLException {
    registerOutParameter(i, sqlType);
  }

  @Override
  public void registerOutParameter(int i, SQLType sqlType) throws SQLException {
    registerOutParameter(i, vendorCode(sqlType));
  }

  @Override
  public void registerOutParameter(int i, SQLType sqlType, int scale) throws SQLException {
    registerOutParameter(i, vendorCode(sqlType));
  }

  @Override
  public void registerOutParameter(int i, SQLType sqlType, String typeName) throws SQLException {
    registerOutParameter(i, vendorCode(sqlType));
  }

  /** The SQL for this set of OUT parameters: a function's OUT-only arguments left out. */
  private RewrittenSql forOuts() throws SQLException {
    if (rewritten.call() == RewrittenSql.Call.NONE) {
      return rewritten;
    }
    Object[] values = parameters.asSet();
    BitSet outOnly = new BitSet();
    for (int j = outs.nextSetBit(0); j >= 0; j = outs.nextSetBit(j + 1)) {
      if (values[j - 1] == ParameterValues.UNSET) {
        outOnly.set(j);
      }
    }
    try {
      return JdbcSql.rewrite(sql, connection.standardStrings(), outOnly, connection.callMode(rewritten));
    } catch (ValueException e) {
      throw SqlErrors.forState("42601", e.getMessage(), 0, e);
    }
  }

  /** The values, an OUT parameter without a value being NULL (what CALL takes for it). */
  private Object[] callValues(RewrittenSql r) throws SQLException {
    Object[] v = parameters.asSet();
    int[] index = r.parameterIndex();
    for (int j = 0; j < v.length; j++) {
      if (v[j] == ParameterValues.UNSET) {
        if (outs.get(j + 1) || index[j] == 0) {
          v[j] = null;
        } else {
          throw SqlErrors.of("no value specified for parameter " + (j + 1), "07001");
        }
      }
    }
    return v;
  }

  @Override
  public boolean execute() throws SQLException {
    checkOpen();
    RewrittenSql r = forOuts();
    run(r, BoundParameters.valuesFor(r, callValues(r)), GeneratedKeys.NONE);
    outRow = null;
    outRead = false;
    ResultSet rs = super.getResultSet();
    if (!outs.isEmpty() && rs instanceof SluiceResultSet s) {
      if (!s.next()) {
        throw SqlErrors.of("the call returned no row to read its OUT parameters from", "02000");
      }
      int columns = s.getMetaData().getColumnCount();
      if (columns != outs.cardinality()) {
        // as pgjdbc: OUT parameters registered that the routine does not have, or the reverse
        // (an INOUT argument given a value but not registered), would be read from the wrong columns
        throw SqlErrors.of("the call returned " + columns + " column(s) for " + outs.cardinality()
            + " registered OUT parameter(s): register each OUT and INOUT argument, and no other", "42601");
      }
      outRow = s;
      readCursors();
      return false;
    }
    return rs != null;
  }

  /**
   * Each REF_CURSOR OUT parameter's rows, read now, in the call's transaction, as pgjdbc reads
   * them at execute: a commit before {@code getObject} (which closes the cursor) leaves them
   * readable. Read whole (pgjdbc reads the statement's fetch size at first).
   */
  private void readCursors() throws SQLException {
    cursorRows.clear();
    for (int i = cursors.nextSetBit(0); i >= 0; i = cursors.nextSetBit(i + 1)) {
      try {
        if (outRow.getObject(column(i)) instanceof ResultSet r) {
          cursorRows.put(i, r);
        }
      } catch (SQLException gone) {
        // 34000: in auto-commit the cursor closed with the call's own transaction; the call
        // still ran, and getObject reports the missing cursor if the caller asks for it
        if (!"34000".equals(gone.getSQLState())) {
          throw gone;
        }
      }
    }
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    checkOpen();
    RewrittenSql r = forOuts();
    run(r, BoundParameters.valuesFor(r, callValues(r)), GeneratedKeys.NONE);
    return singleResult();
  }

  @Override
  public int executeUpdate() throws SQLException {
    execute();
    return (int) Math.max(0, singleCount());
  }

  /** The result column of OUT parameter {@code i}: its rank among the registered OUT parameters. */
  private int column(int i) throws SQLException {
    checkOpen();
    if (!outs.get(i)) {
      throw SqlErrors.of("parameter " + i + " was not registered as an OUT parameter", "07009");
    }
    if (outRow == null) {
      throw SqlErrors.of("the call has not run yet, or returned no OUT values", "HY010");
    }
    outRead = true;
    return outs.get(0, i + 1).cardinality();
  }

  /** Whether the last OUT parameter read was NULL; before one was read, an SQLException (HY010), as pgjdbc. */
  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    if (outRow == null || !outRead) {
      throw SqlErrors.of("wasNull before an OUT parameter was read", "HY010");
    }
    return outRow.wasNull();
  }

  /**
   * The call's results. The row of OUT parameters is not one of them: it is read through the
   * getters (pgjdbc's CallableStmtTest testGetUpdateCount: null after a call with OUT parameters).
   */
  @Override
  public ResultSet getResultSet() throws SQLException {
    return outRow != null ? null : super.getResultSet();
  }

  @Override
  public String getString(int i) throws SQLException {
    return outRow(i).getString(column(i));
  }

  private SluiceResultSet outRow(int i) throws SQLException {
    column(i);
    return outRow;
  }

  @Override
  public boolean getBoolean(int i) throws SQLException {
    return outRow(i).getBoolean(column(i));
  }

  @Override
  public byte getByte(int i) throws SQLException {
    return outRow(i).getByte(column(i));
  }

  @Override
  public short getShort(int i) throws SQLException {
    return outRow(i).getShort(column(i));
  }

  @Override
  public int getInt(int i) throws SQLException {
    return outRow(i).getInt(column(i));
  }

  @Override
  public long getLong(int i) throws SQLException {
    return outRow(i).getLong(column(i));
  }

  @Override
  public float getFloat(int i) throws SQLException {
    return outRow(i).getFloat(column(i));
  }

  @Override
  public double getDouble(int i) throws SQLException {
    return outRow(i).getDouble(column(i));
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(int i, int scale) throws SQLException {
    return outRow(i).getBigDecimal(column(i), scale);
  }

  @Override
  public BigDecimal getBigDecimal(int i) throws SQLException {
    return outRow(i).getBigDecimal(column(i));
  }

  @Override
  public byte[] getBytes(int i) throws SQLException {
    return outRow(i).getBytes(column(i));
  }

  @Override
  public Date getDate(int i) throws SQLException {
    return outRow(i).getDate(column(i));
  }

  @Override
  public Date getDate(int i, Calendar cal) throws SQLException {
    return outRow(i).getDate(column(i), cal);
  }

  @Override
  public Time getTime(int i) throws SQLException {
    return outRow(i).getTime(column(i));
  }

  @Override
  public Time getTime(int i, Calendar cal) throws SQLException {
    return outRow(i).getTime(column(i), cal);
  }

  @Override
  public Timestamp getTimestamp(int i) throws SQLException {
    return outRow(i).getTimestamp(column(i));
  }

  @Override
  public Timestamp getTimestamp(int i, Calendar cal) throws SQLException {
    return outRow(i).getTimestamp(column(i), cal);
  }

  @Override
  public Object getObject(int i) throws SQLException {
    ResultSet read = cursorRows.get(i);
    return read != null && outRow(i) != null ? read : outRow(i).getObject(column(i));
  }

  @Override
  public Object getObject(int i, Map<String, Class<?>> map) throws SQLException {
    return outRow(i).getObject(column(i), map);
  }

  @Override
  public <T> T getObject(int i, Class<T> type) throws SQLException {
    ResultSet read = cursorRows.get(i);
    if (read != null && type == ResultSet.class && outRow(i) != null) {
      return type.cast(read);
    }
    return outRow(i).getObject(column(i), type);
  }

  @Override
  public Array getArray(int i) throws SQLException {
    return outRow(i).getArray(column(i));
  }

  @Override
  public String getNString(int i) throws SQLException {
    return outRow(i).getNString(column(i));
  }

  @Override
  public Reader getNCharacterStream(int i) throws SQLException {
    return outRow(i).getNCharacterStream(column(i));
  }

  @Override
  public Reader getCharacterStream(int i) throws SQLException {
    return outRow(i).getCharacterStream(column(i));
  }

  // locators: refused by the OUT row, as by any result
  @Override
  public java.sql.Ref getRef(int i) throws SQLException {
    return outRow(i).getRef(column(i));
  }

  @Override
  public java.sql.Blob getBlob(int i) throws SQLException {
    return outRow(i).getBlob(column(i));
  }

  @Override
  public java.sql.Clob getClob(int i) throws SQLException {
    return outRow(i).getClob(column(i));
  }

  @Override
  public java.sql.NClob getNClob(int i) throws SQLException {
    return outRow(i).getNClob(column(i));
  }

  @Override
  public java.sql.SQLXML getSQLXML(int i) throws SQLException {
    return outRow(i).getSQLXML(column(i));
  }

  @Override
  public java.sql.RowId getRowId(int i) throws SQLException {
    return outRow(i).getRowId(column(i));
  }

  @Override
  public java.net.URL getURL(int i) throws SQLException {
    return outRow(i).getURL(column(i));
  }
}
