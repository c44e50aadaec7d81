package io.sluice.jdbc.internal;

import io.sluice.sql.MultiRowInsert;
import io.sluice.PreparedQuery;
import io.sluice.sql.RewrittenSql;
import io.sluice.SluiceException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;

/**
 * A JDBC prepared statement. Its SQL is rewritten once ({@code ?} to {@code $n}); Sluice prepares
 * it on the server at first use and keeps it in the connection's statement cache, typed by the
 * Java values bound (strings untyped, for the server to infer). A batch goes out as one Sluice
 * batch: one round trip ({@link BatchRun}).
 */
public class SluicePreparedStatement extends SluiceStatement implements PreparedStatement, ParameterRefusals {
  private static final int MAX_PARAMETERS = 65_535;
  final String sql;
  final RewrittenSql rewritten;
  private final GeneratedKeys keys;
  private String insertSql;
  private MultiRowInsert insert;
  /** The parameters as bound now; a batch keeps a copy of each set's values and statements. */
  final BoundParameters parameters;
  private final List<Object[]> batch = new ArrayList<>();
  private final List<List<String>> batchSql = new ArrayList<>();

  protected SluicePreparedStatement(SluiceConnection connection, String sql, int resultSetType, int concurrency,
      GeneratedKeys keys) throws SQLException {
    super(connection, resultSetType, concurrency);
    this.sql = sql;
    this.rewritten = connection.rewrite(sql);
    if (rewritten.parameterCount() > MAX_PARAMETERS) {
      // a Bind carries a 16-bit count (protocol docs, Bind); pgjdbc refuses at prepare with 22023
      throw SqlErrors.of("a PreparedStatement can have at most 65,535 parameters; this SQL has "
          + rewritten.parameterCount() + " (use an array, COPY, or several statements)", "22023");
    }
    this.keys = keys;
    this.parameters = new BoundParameters(rewritten);
  }

  /** Sets JDBC parameter {@code i} (1-based), without a cast. */
  void set(int i, Object value) throws SQLException {
    set(i, value, null);
  }

  /** Sets JDBC parameter {@code i} (1-based), with a cast in the SQL ({@link ParameterCasts}) or none (null). */
  private void set(int i, Object value, String cast) throws SQLException {
    checkOpen();
    parameters.set(i, value, cast);
  }

  /** A NULL of JDBC type {@code sqlType}: cast in the SQL where the server could not infer a type. */
  private void setTypedNull(int i, int sqlType, String typeName) throws SQLException {
    set(i, null, ParameterCasts.castFor(sqlType, typeName));
  }

  /** A string parameter: varchar, as pgjdbc declares it, unless stringtype=unspecified. */
  private void setText(int i, String text) throws SQLException {
    set(i, text, text != null && !connection.settings.stringsUntyped() ? ParameterCasts.STRING : null);
  }

  /** An {@link Extension}'s object (a {@code PGobject}) as its text, cast to its type: {@link TypeNames#castFor}. */
  private boolean setExtended(int i, Object x) throws SQLException {
    Extension.TypedText t = x == null || !Extensions.present() ? null : Extensions.get().parameter(x);
    if (t == null) {
      return false;
    }
    JdbcTypes.Type builtIn = JdbcTypes.byName(t.typeName());
    // a built-in type by the driver's table; another as the server writes it, or untyped if it knows none
    set(i, t.text(), builtIn != null ? builtIn.name() : connection.typeNames.castFor(t.typeName()).orElse(null));
    return true;
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    checkOpen();   // before the parameters: a closed statement is 55000 whatever was set
    run(parameters.statements(), parameters.valuesOf(parameters.bound()), GeneratedKeys.NONE);
    return singleResult();
  }

  @Override
  public int executeUpdate() throws SQLException {
    return (int) executeLargeUpdate();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    checkOpen();   // before the parameters: a closed statement is 55000 whatever was set
    run(parameters.statements(), parameters.valuesOf(parameters.bound()), keys);
    if (getResultSet() != null) {
      throw SqlErrors.of("executeUpdate ran a statement that returned rows; use executeQuery or execute", "0100E");
    }
    return singleCount();
  }

  @Override
  public boolean execute() throws SQLException {
    checkOpen();   // before the parameters: a closed statement is 55000 whatever was set
    run(parameters.statements(), parameters.valuesOf(parameters.bound()), keys);
    return getResultSet() != null;
  }

  @Override
  public void addBatch() throws SQLException {
    checkOpen();
    batch.add(parameters.bound());
    batchSql.add(parameters.statements());
  }

  @Override
  public void clearBatch() throws SQLException {
    batch.clear();
    batchSql.clear();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    if (batch.isEmpty()) {
      return new long[0];
    }
    if (rewritten.statements().size() != 1) {
      clearBatch();
      throw SqlErrors.of("a batch runs one statement per entry; this SQL holds " + rewritten.statements().size(),
          "0A000");
    }
    List<String> sqls = new ArrayList<>(batch.size());
    List<Object[]> vals = new ArrayList<>(batch.size());
    for (int b = 0; b < batch.size(); b++) {
      sqls.add(runner.withKeys(batchSql.get(b).get(0), keys));
      vals.add(parameters.valuesOf(batch.get(b)).get(0));
    }
    clearBatch();
    BatchPlan plan = connection.settings.rewriteInserts() && !keys.wanted()
        ? BatchPlan.of(sqls, vals, this::multiRowInsert)
        : new BatchPlan(sqls, vals, null);
    return runBatch(plan, keys).counts();
  }

  /** The multi-row form of this statement's SQL (as bound: casts may vary it), or null; the last one kept. */
  private MultiRowInsert multiRowInsert(String sql) {
    if (!sql.equals(insertSql)) {
      insertSql = sql;
      insert = MultiRowInsert.of(sql, connection.standardStrings()).orElse(null);
    }
    return insert;
  }

  @Override
  public void clearParameters() throws SQLException {
    parameters.clear();
  }

  /** Statement {@code i} of the SQL prepared on the server (cached by Sluice): its parameter types and columns. */
  private PreparedQuery described(int i) throws SQLException {
    checkOpen();
    connection.beforeStatement();
    try {
      return connection.inSession(s -> s.prepare(rewritten.statements().get(i)));
    } catch (SluiceException e) {
      throw connection.failed(e);
    }
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    if (rewritten.statements().size() != 1) {
      throw SqlErrors.unsupported("metadata of a string holding " + rewritten.statements().size() + " statements");
    }
    PreparedQuery q = described(0);
    return q.columns().isEmpty() ? null : SluiceResultSetMetaData.of(q.columns(), connection);
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    checkOpen();
    return ParameterDescriptions.of(rewritten, this::described, connection);
  }

  // the setters
  @Override
  public void setNull(int i, int sqlType) throws SQLException {
    setTypedNull(i, sqlType, null);
  }

  @Override
  public void setNull(int i, int sqlType, String typeName) throws SQLException {
    setTypedNull(i, sqlType, typeName);
  }

  @Override
  public void setBoolean(int i, boolean x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setByte(int i, byte x) throws SQLException {
    set(i, (short) x);
  }

  @Override
  public void setShort(int i, short x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setInt(int i, int x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setLong(int i, long x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setFloat(int i, float x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setDouble(int i, double x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setBigDecimal(int i, BigDecimal x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setString(int i, String x) throws SQLException {
    setText(i, x);
  }

  @Override
  public void setNString(int i, String x) throws SQLException {
    setText(i, x);
  }

  @Override
  public void setBytes(int i, byte[] x) throws SQLException {
    set(i, x);
  }

  @Override
  public void setDate(int i, Date x) throws SQLException {
    set(i, ParameterValues.date(x, null));
  }

  @Override
  public void setDate(int i, Date x, Calendar cal) throws SQLException {
    set(i, ParameterValues.date(x, cal));
  }

  @Override
  public void setTime(int i, Time x) throws SQLException {
    set(i, ParameterValues.time(x, null));
  }

  @Override
  public void setTime(int i, Time x, Calendar cal) throws SQLException {
    set(i, ParameterValues.time(x, cal));
  }

  @Override
  public void setTimestamp(int i, Timestamp x) throws SQLException {
    set(i, ParameterValues.timestamp(x, null));
  }

  @Override
  public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
    set(i, ParameterValues.timestamp(x, cal));
  }

  @Override
  public void setAsciiStream(int i, InputStream x, int length) throws SQLException {
    setText(i, ParameterValues.ascii(x, length));
  }

  @Override
  public void setAsciiStream(int i, InputStream x, long length) throws SQLException {
    setText(i, ParameterValues.ascii(x, length));
  }

  @Override
  public void setAsciiStream(int i, InputStream x) throws SQLException {
    setText(i, ParameterValues.ascii(x, -1));
  }

  @Override
  @Deprecated
  public void setUnicodeStream(int i, InputStream x, int length) throws SQLException {
    byte[] b = ParameterValues.bytes(x, length);
    setText(i, b == null ? null : new String(b, java.nio.charset.StandardCharsets.UTF_8));
  }

  @Override
  public void setBinaryStream(int i, InputStream x, int length) throws SQLException {
    set(i, ParameterValues.bytesOfLength(x, length));
  }

  @Override
  public void setBinaryStream(int i, InputStream x, long length) throws SQLException {
    set(i, ParameterValues.bytesOfLength(x, length));
  }

  @Override
  public void setBinaryStream(int i, InputStream x) throws SQLException {
    set(i, ParameterValues.bytes(x, -1));
  }

  @Override
  public void setCharacterStream(int i, Reader x, int length) throws SQLException {
    setText(i, ParameterValues.text(x, length));
  }

  @Override
  public void setCharacterStream(int i, Reader x, long length) throws SQLException {
    setText(i, ParameterValues.text(x, length));
  }

  @Override
  public void setCharacterStream(int i, Reader x) throws SQLException {
    setText(i, ParameterValues.text(x, -1));
  }

  @Override
  public void setNCharacterStream(int i, Reader x, long length) throws SQLException {
    setText(i, ParameterValues.text(x, length));
  }

  @Override
  public void setNCharacterStream(int i, Reader x) throws SQLException {
    setText(i, ParameterValues.text(x, -1));
  }

  /** The scale applies to NUMERIC and DECIMAL only ({@link ParameterValues#of(Object, int, int)}). */
  @Override
  public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    if (setExtended(i, x)) {
      return;
    }
    Object v = LobParameters.of(connection, x, targetSqlType, scaleOrLength);
    if (v instanceof String text && JdbcTypes.isCharacter(targetSqlType)) {
      setText(i, text);
    } else if (x == null) {
      setTypedNull(i, targetSqlType, null);
    } else {
      set(i, v);   // Types.OTHER and the rest: the server reads a string as the column's type
    }
  }

  @Override
  public void setObject(int i, Object x, int targetSqlType) throws SQLException {
    setObject(i, x, targetSqlType, -1);
  }

  @Override
  public void setObject(int i, Object x) throws SQLException {
    if (x instanceof CharSequence || x instanceof Character) {
      setText(i, x.toString());
    } else if (x instanceof SQLXML xml) {
      setSQLXML(i, xml);
    } else if (!setExtended(i, x)) {
      set(i, LobParameters.of(connection, x));
    }
  }

  @Override
  public void setObject(int i, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    setObject(i, x, vendorCode(targetSqlType), scaleOrLength);
  }

  @Override
  public void setObject(int i, Object x, SQLType targetSqlType) throws SQLException {
    setObject(i, x, vendorCode(targetSqlType));
  }

  /** The {@link java.sql.Types} code of {@code t}; a type without one is refused. */
  static int vendorCode(SQLType t) throws SQLException {
    if (t == null || t.getVendorTypeNumber() == null) {
      throw SqlErrors.unsupported("SQLType without a java.sql.Types code: " + t);
    }
    return t.getVendorTypeNumber();
  }

  @Override
  public void setArray(int i, java.sql.Array x) throws SQLException {
    Object v = ParameterValues.of(x);   // an array literal of a built-in type is cast to its array type
    set(i, v, v instanceof String && x instanceof SluiceArray a ? ParameterCasts.arrayOf(a.getBaseTypeName()) : null);
  }

  @Override
  public void setBlob(int i, Blob x) throws SQLException {
    set(i, LobParameters.blob(connection, x));
  }

  @Override
  public void setBlob(int i, InputStream x, long length) throws SQLException {
    set(i, LobParameters.blob(connection, x, length));
  }

  @Override
  public void setBlob(int i, InputStream x) throws SQLException {
    set(i, LobParameters.blob(connection, x, Long.MAX_VALUE));
  }

  @Override
  public void setClob(int i, Clob x) throws SQLException {
    set(i, LobParameters.clob(connection, x));
  }

  @Override
  public void setClob(int i, Reader x, long length) throws SQLException {
    set(i, LobParameters.clob(connection, x, length));
  }

  @Override
  public void setClob(int i, Reader x) throws SQLException {
    set(i, LobParameters.clob(connection, x, Long.MAX_VALUE));
  }

  @Override
  public void setNClob(int i, NClob x) throws SQLException {
    set(i, LobParameters.clob(connection, x));
  }

  @Override
  public void setNClob(int i, Reader x, long length) throws SQLException {
    set(i, LobParameters.clob(connection, x, length));
  }

  @Override
  public void setNClob(int i, Reader x) throws SQLException {
    set(i, LobParameters.clob(connection, x, Long.MAX_VALUE));
  }

  @Override
  public void setURL(int i, java.net.URL x) throws SQLException {
    setText(i, x == null ? null : x.toString());
  }

  @Override
  public void setSQLXML(int i, SQLXML x) throws SQLException {
    set(i, x == null ? null : x.getString(), "xml");   // typed xml, as pgjdbc (Oid.XML)
  }

  // a prepared statement runs its own SQL; JDBC forbids the Statement forms that take SQL (pgjdbc: 42809)
  private static SQLException takesNoSql() {
    return SqlErrors.of("a PreparedStatement runs the SQL it was prepared with; this method takes SQL", "42809");
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    throw takesNoSql();
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    throw takesNoSql();
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    throw takesNoSql();
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    checkOpen();
    throw takesNoSql();
  }

  @Override
  public String toString() {
    return StatementText.of(rewritten, parameters, batch);
  }
}
