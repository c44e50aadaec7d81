package io.sluice.jdbc.internal;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * Refuses every method of a callable statement that takes a parameter name (registering, setting
 * and reading parameters by name): PostgreSQL's extended protocol numbers parameters and has no
 * names for them, so {@link SluiceCallableStatement} sets and reads them by index. Public only
 * so that reflection through the public {@link SluiceCallableStatement} reaches these methods;
 * not meant to be implemented elsewhere.
 */
public interface NamedParameterRefusals extends CallableStatement {
  @Override
  default void registerOutParameter(String parameterName, int sqlType) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("registerOutParameter");
  }

  @Override
  default void registerOutParameter(String parameterName, int sqlType, int scale) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("registerOutParameter");
  }

  @Override
  default void registerOutParameter(String parameterName, int sqlType, String typeName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("registerOutParameter");
  }

  @Override
  default void registerOutParameter(String parameterName, SQLType sqlType) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("registerOutParameter");
  }

  @Override
  default void registerOutParameter(String parameterName, SQLType sqlType, int scale) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("registerOutParameter");
  }

  @Override
  default void registerOutParameter(String parameterName, SQLType sqlType, String typeName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("registerOutParameter");
  }

  @Override
  default void setURL(String parameterName, URL val) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setURL");
  }

  @Override
  default void setNull(String parameterName, int sqlType) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNull");
  }

  @Override
  default void setBoolean(String parameterName, boolean x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBoolean");
  }

  @Override
  default void setByte(String parameterName, byte x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setByte");
  }

  @Override
  default void setShort(String parameterName, short x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setShort");
  }

  @Override
  default void setInt(String parameterName, int x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setInt");
  }

  @Override
  default void setLong(String parameterName, long x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setLong");
  }

  @Override
  default void setFloat(String parameterName, float x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setFloat");
  }

  @Override
  default void setDouble(String parameterName, double x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setDouble");
  }

  @Override
  default void setBigDecimal(String parameterName, BigDecimal x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBigDecimal");
  }

  @Override
  default void setString(String parameterName, String x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setString");
  }

  @Override
  default void setBytes(String parameterName, byte[] x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBytes");
  }

  @Override
  default void setDate(String parameterName, Date x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setDate");
  }

  @Override
  default void setTime(String parameterName, Time x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setTime");
  }

  @Override
  default void setTimestamp(String parameterName, Timestamp x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setTimestamp");
  }

  @Override
  default void setAsciiStream(String parameterName, InputStream x, int length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setAsciiStream");
  }

  @Override
  default void setBinaryStream(String parameterName, InputStream x, int length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBinaryStream");
  }

  @Override
  default void setObject(String parameterName, Object x, int targetSqlType, int scale) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setObject");
  }

  @Override
  default void setObject(String parameterName, Object x, int targetSqlType) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setObject");
  }

  @Override
  default void setObject(String parameterName, Object x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setObject");
  }

  @Override
  default void setCharacterStream(String parameterName, Reader reader, int length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setCharacterStream");
  }

  @Override
  default void setDate(String parameterName, Date x, Calendar cal) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setDate");
  }

  @Override
  default void setTime(String parameterName, Time x, Calendar cal) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setTime");
  }

  @Override
  default void setTimestamp(String parameterName, Timestamp x, Calendar cal) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setTimestamp");
  }

  @Override
  default void setNull(String parameterName, int sqlType, String typeName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNull");
  }

  @Override
  default void setRowId(String parameterName, RowId x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setRowId");
  }

  @Override
  default void setNString(String parameterName, String value) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNString");
  }

  @Override
  default void setNCharacterStream(String parameterName, Reader value, long length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNCharacterStream");
  }

  @Override
  default void setNClob(String parameterName, NClob value) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNClob");
  }

  @Override
  default void setClob(String parameterName, Reader reader, long length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setClob");
  }

  @Override
  default void setBlob(String parameterName, InputStream inputStream, long length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBlob");
  }

  @Override
  default void setNClob(String parameterName, Reader reader, long length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNClob");
  }

  @Override
  default void setSQLXML(String parameterName, SQLXML xmlObject) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setSQLXML");
  }

  @Override
  default void setBlob(String parameterName, Blob x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBlob");
  }

  @Override
  default void setClob(String parameterName, Clob x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setClob");
  }

  @Override
  default void setAsciiStream(String parameterName, InputStream x, long length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setAsciiStream");
  }

  @Override
  default void setBinaryStream(String parameterName, InputStream x, long length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBinaryStream");
  }

  @Override
  default void setCharacterStream(String parameterName, Reader reader, long length) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setCharacterStream");
  }

  @Override
  default void setAsciiStream(String parameterName, InputStream x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setAsciiStream");
  }

  @Override
  default void setBinaryStream(String parameterName, InputStream x) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBinaryStream");
  }

  @Override
  default void setCharacterStream(String parameterName, Reader reader) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setCharacterStream");
  }

  @Override
  default void setNCharacterStream(String parameterName, Reader value) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNCharacterStream");
  }

  @Override
  default void setClob(String parameterName, Reader reader) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setClob");
  }

  @Override
  default void setBlob(String parameterName, InputStream inputStream) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setBlob");
  }

  @Override
  default void setNClob(String parameterName, Reader reader) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setNClob");
  }

  @Override
  default void setObject(String parameterName, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setObject");
  }

  @Override
  default void setObject(String parameterName, Object x, SQLType targetSqlType) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("setObject");
  }

  @Override
  default String getString(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getString");
  }

  @Override
  default boolean getBoolean(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getBoolean");
  }

  @Override
  default byte getByte(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getByte");
  }

  @Override
  default short getShort(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getShort");
  }

  @Override
  default int getInt(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getInt");
  }

  @Override
  default long getLong(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getLong");
  }

  @Override
  default float getFloat(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getFloat");
  }

  @Override
  default double getDouble(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getDouble");
  }

  @Override
  default byte[] getBytes(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getBytes");
  }

  @Override
  default Date getDate(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getDate");
  }

  @Override
  default Time getTime(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getTime");
  }

  @Override
  default Timestamp getTimestamp(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getTimestamp");
  }

  @Override
  default Object getObject(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getObject");
  }

  @Override
  default BigDecimal getBigDecimal(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getBigDecimal");
  }

  @Override
  default Object getObject(String parameterName, Map<String, Class<?>> map) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getObject");
  }

  @Override
  default Ref getRef(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getRef");
  }

  @Override
  default Blob getBlob(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getBlob");
  }

  @Override
  default Clob getClob(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getClob");
  }

  @Override
  default Array getArray(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getArray");
  }

  @Override
  default Date getDate(String parameterName, Calendar cal) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getDate");
  }

  @Override
  default Time getTime(String parameterName, Calendar cal) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getTime");
  }

  @Override
  default Timestamp getTimestamp(String parameterName, Calendar cal) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getTimestamp");
  }

  @Override
  default URL getURL(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getURL");
  }

  @Override
  default RowId getRowId(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getRowId");
  }

  @Override
  default NClob getNClob(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getNClob");
  }

  @Override
  default SQLXML getSQLXML(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getSQLXML");
  }

  @Override
  default String getNString(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getNString");
  }

  @Override
  default Reader getNCharacterStream(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getNCharacterStream");
  }

  @Override
  default Reader getCharacterStream(String parameterName) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getCharacterStream");
  }

  @Override
  default <T> T getObject(String parameterName, Class<T> type) throws SQLException {
    throw Refusal.NAMED_PARAMETERS.of("getObject");
  }
}
