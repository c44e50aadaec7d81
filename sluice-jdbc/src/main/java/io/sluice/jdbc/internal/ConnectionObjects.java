package io.sluice.jdbc.internal;

import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.NClob;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.util.Map;

/**
 * The objects a {@link SluiceConnection} makes for its caller to fill and bind: arrays, large
 * objects ({@link LobFactories}), SQLXML; and its type map, which stays empty (values map to Java
 * classes by type, not through {@code SQLData}). Implemented by {@code SluiceConnection} alone.
 */
public interface ConnectionObjects extends Connection {
  private SluiceConnection self() {
    return (SluiceConnection) this;
  }

  @Override
  default Array createArrayOf(String typeName, Object[] elements) throws SQLException {
    self().checkOpen();
    return new SluiceArray(typeName, elements, self());
  }

  @Override
  default Blob createBlob() throws SQLException {
    return LobFactories.blob(self());
  }

  @Override
  default Clob createClob() throws SQLException {
    return LobFactories.clob(self());
  }

  @Override
  default NClob createNClob() throws SQLException {
    return LobFactories.clob(self());
  }

  @Override
  default SQLXML createSQLXML() throws SQLException {
    self().checkOpen();
    return SqlXml.empty();
  }

  @Override
  default Map<String, Class<?>> getTypeMap() throws SQLException {
    self().checkOpen();
    return new java.util.HashMap<>();
  }

  @Override
  default void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw SqlErrors.unsupported("custom type maps (SQLData)");
    }
  }
}
