package io.sluice.jdbc.internal;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * A {@link java.sql.Array}: the Java array (or list) Sluice decoded from a column, or the elements
 * given to {@code createArrayOf}, with the element type's name. As a parameter it travels as the
 * array itself, typed by its elements; {@link ParameterValues} sends an array of strings whose
 * element type is not text as an array literal for the server to type.
 */
final class SluiceArray implements java.sql.Array {
  private final String baseTypeName;
  /** The connection whose session answers {@link #getResultSet}. */
  private final SluiceConnection connection;
  /** Null for an SQL NULL array ({@code createArrayOf(type, null)}, as pgjdbc allows). */
  private Object elements;
  private boolean freed;

  SluiceArray(String baseTypeName, Object elements, SluiceConnection connection) {
    this.baseTypeName = baseTypeName;
    this.elements = elements;
    this.connection = connection;
  }

  Object elements() throws SQLException {
    if (freed) {
      throw SqlErrors.of("the array was freed", "HY000");
    }
    return elements;
  }

  @Override
  public String getBaseTypeName() {
    return baseTypeName;
  }

  @Override
  public int getBaseType() {
    JdbcTypes.Type t = JdbcTypes.byName(baseTypeName);
    return t == null ? java.sql.Types.OTHER : t.sqlType();
  }

  @Override
  public Object getArray() throws SQLException {
    Object e = elements();
    if (e == null) {
      return null;   // an SQL NULL array
    }
    Object a = ArrayElements.forJdbc(e instanceof java.util.List<?> l ? l.toArray() : e);
    return ArrayElements.extended(a, baseTypeName, connection);
  }

  @Override
  public Object getArray(Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw SqlErrors.unsupported("custom type maps (SQLData)");
    }
    return getArray();
  }

  @Override
  public Object getArray(long index, int count) throws SQLException {
    Object a = getArray();
    if (a == null) {
      return null;
    }
    int length = java.lang.reflect.Array.getLength(a);
    if (index < 1 || count < 0 || index - 1 + count > length) {
      throw SqlErrors.of("array slice from " + index + " of " + count + " elements is outside 1.." + length, "2202E");
    }
    Object slice = java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), count);
    System.arraycopy(a, (int) index - 1, slice, 0, count);
    return slice;
  }

  @Override
  public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
    return getArray(index, count);
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    return getResultSet(1, 0);
  }

  @Override
  public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
    return getResultSet(1, 0, map);
  }

  @Override
  public ResultSet getResultSet(long index, int count) throws SQLException {
    return ArrayRows.of(connection, this, index, count);
  }

  @Override
  public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw SqlErrors.unsupported("custom type maps (SQLData)");
    }
    return getResultSet(index, count);
  }

  @Override
  public void free() {
    freed = true;
    elements = null;
  }

  /** PostgreSQL's text of the array ({@code {1,2,NULL}}), as pgjdbc's {@code Array.toString}. */
  @Override
  public String toString() {
    return freed ? "(freed array of " + baseTypeName + ")" : ArrayLiteral.display(elements);
  }
}
