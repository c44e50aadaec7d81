package io.sluice.jdbc;

/**
 * The parts of {@link java.sql.CallableStatement} this driver does not offer: parameters by name.
 * (Generated from the java.sql.CallableStatement interface; each method says why it is refused.)
 */
abstract class UnsupportedCallableParts extends SluicePreparedStatement implements java.sql.CallableStatement {
  UnsupportedCallableParts(SluiceConnection connection, String sql, int resultSetType) throws java.sql.SQLException {
    super(connection, sql, resultSetType, GeneratedKeys.NONE);
  }

  @Override
  public void setURL(String p0, java.net.URL p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setURL: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNull(String p0, int p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNull: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBoolean(String p0, boolean p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBoolean: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setByte(String p0, byte p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setByte: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setShort(String p0, short p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setShort: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setInt(String p0, int p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setInt: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setLong(String p0, long p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setLong: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setFloat(String p0, float p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setFloat: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setDouble(String p0, double p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setDouble: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBigDecimal(String p0, java.math.BigDecimal p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBigDecimal: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setString(String p0, String p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setString: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBytes(String p0, byte[] p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBytes: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setDate(String p0, java.sql.Date p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setDate: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setTime(String p0, java.sql.Time p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setTime: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setTimestamp(String p0, java.sql.Timestamp p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setTimestamp: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setAsciiStream(String p0, java.io.InputStream p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setAsciiStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBinaryStream(String p0, java.io.InputStream p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBinaryStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setObject(String p0, Object p1, int p2, int p3) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setObject: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setObject(String p0, Object p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setObject: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setObject(String p0, Object p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setObject: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setCharacterStream(String p0, java.io.Reader p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setCharacterStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setDate(String p0, java.sql.Date p1, java.util.Calendar p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setDate: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setTime(String p0, java.sql.Time p1, java.util.Calendar p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setTime: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setTimestamp(String p0, java.sql.Timestamp p1, java.util.Calendar p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setTimestamp: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNull(String p0, int p1, String p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNull: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public String getString(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getString: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public boolean getBoolean(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getBoolean: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public byte getByte(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getByte: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public short getShort(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getShort: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public int getInt(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getInt: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public long getLong(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getLong: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public float getFloat(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getFloat: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public double getDouble(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getDouble: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public byte[] getBytes(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getBytes: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Date getDate(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getDate: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Time getTime(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getTime: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Timestamp getTimestamp(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getTimestamp: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public Object getObject(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getObject: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getBigDecimal: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public Object getObject(String p0, java.util.Map<String, Class<?>> p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getObject: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public <T> T getObject(String p0, Class<T> p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getObject: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Ref getRef(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getRef: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Blob getBlob(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getBlob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Clob getClob(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Array getArray(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getArray: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Date getDate(String p0, java.util.Calendar p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getDate: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Time getTime(String p0, java.util.Calendar p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getTime: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.Timestamp getTimestamp(String p0, java.util.Calendar p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getTimestamp: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.net.URL getURL(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getURL: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.RowId getRowId(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getRowId: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setRowId(String p0, java.sql.RowId p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setRowId: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNString(String p0, String p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNString: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNCharacterStream(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNCharacterStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNClob(String p0, java.sql.NClob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setClob(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBlob(String p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBlob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNClob(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.NClob getNClob(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getNClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setSQLXML(String p0, java.sql.SQLXML p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setSQLXML: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.sql.SQLXML getSQLXML(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getSQLXML: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public String getNString(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getNString: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.io.Reader getNCharacterStream(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getNCharacterStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public java.io.Reader getCharacterStream(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getCharacterStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBlob(String p0, java.sql.Blob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBlob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setClob(String p0, java.sql.Clob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setAsciiStream(String p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setAsciiStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBinaryStream(String p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBinaryStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setCharacterStream(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setCharacterStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setAsciiStream(String p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setAsciiStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBinaryStream(String p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBinaryStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setCharacterStream(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setCharacterStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNCharacterStream(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNCharacterStream: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setClob(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setBlob(String p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setBlob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void setNClob(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("setNClob: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void registerOutParameter(String p0, int p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("registerOutParameter: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void registerOutParameter(String p0, int p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("registerOutParameter: " + Refusals.NAMED_PARAMETERS);
  }

  @Override
  public void registerOutParameter(String p0, int p1, String p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("registerOutParameter: " + Refusals.NAMED_PARAMETERS);
  }

}
