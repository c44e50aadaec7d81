package io.sluice.jdbc;

import java.sql.Blob;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Struct;
import java.util.Map;

/**
 * The parts of {@link java.sql.Connection} this driver does not offer, each refused with a
 * {@link java.sql.SQLFeatureNotSupportedException} saying why: large objects and LOB locators
 * (PostgreSQL's {@code bytea} and {@code text} are read and written whole with getBytes/setBytes,
 * getString/setString), SQL structured types and custom type maps.
 */
abstract class UnsupportedConnectionParts implements java.sql.Connection {
  @Override
  public Clob createClob() throws SQLException {
    throw SqlExceptions.unsupported("Clob: use setString/getString on text columns");
  }

  @Override
  public Blob createBlob() throws SQLException {
    throw SqlExceptions.unsupported("Blob: use setBytes/getBytes on bytea columns");
  }

  @Override
  public NClob createNClob() throws SQLException {
    throw SqlExceptions.unsupported("NClob: use setString/getString on text columns");
  }

  @Override
  public SQLXML createSQLXML() throws SQLException {
    throw SqlExceptions.unsupported("SQLXML: use setString/getString on xml columns");
  }

  @Override
  public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
    throw SqlExceptions.unsupported("Struct: composite types travel as io.sluice.types.Composite through setObject");
  }

  @Override
  public Map<String, Class<?>> getTypeMap() throws SQLException {
    return new java.util.HashMap<>();
  }

  @Override
  public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw SqlExceptions.unsupported("custom type maps (SQLData)");
    }
  }
}
