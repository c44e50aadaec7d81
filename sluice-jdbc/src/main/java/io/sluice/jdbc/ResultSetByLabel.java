package io.sluice.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * Every getter of a result by column label: the getter by index of the column {@link
 * #findColumn} names (the first of that name, case-insensitively, as JDBC 4.3 says).
 */
abstract class ResultSetByLabel extends UnsupportedResultSetParts {
  @Override
  public String getString(String l) throws SQLException {
    return getString(findColumn(l));
  }

  @Override
  public boolean getBoolean(String l) throws SQLException {
    return getBoolean(findColumn(l));
  }

  @Override
  public byte getByte(String l) throws SQLException {
    return getByte(findColumn(l));
  }

  @Override
  public short getShort(String l) throws SQLException {
    return getShort(findColumn(l));
  }

  @Override
  public int getInt(String l) throws SQLException {
    return getInt(findColumn(l));
  }

  @Override
  public long getLong(String l) throws SQLException {
    return getLong(findColumn(l));
  }

  @Override
  public float getFloat(String l) throws SQLException {
    return getFloat(findColumn(l));
  }

  @Override
  public double getDouble(String l) throws SQLException {
    return getDouble(findColumn(l));
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(String l, int scale) throws SQLException {
    return getBigDecimal(findColumn(l), scale);
  }

  @Override
  public BigDecimal getBigDecimal(String l) throws SQLException {
    return getBigDecimal(findColumn(l));
  }

  @Override
  public byte[] getBytes(String l) throws SQLException {
    return getBytes(findColumn(l));
  }

  @Override
  public Date getDate(String l) throws SQLException {
    return getDate(findColumn(l));
  }

  @Override
  public Date getDate(String l, Calendar cal) throws SQLException {
    return getDate(findColumn(l), cal);
  }

  @Override
  public Time getTime(String l) throws SQLException {
    return getTime(findColumn(l));
  }

  @Override
  public Time getTime(String l, Calendar cal) throws SQLException {
    return getTime(findColumn(l), cal);
  }

  @Override
  public Timestamp getTimestamp(String l) throws SQLException {
    return getTimestamp(findColumn(l));
  }

  @Override
  public Timestamp getTimestamp(String l, Calendar cal) throws SQLException {
    return getTimestamp(findColumn(l), cal);
  }

  @Override
  public InputStream getAsciiStream(String l) throws SQLException {
    return getAsciiStream(findColumn(l));
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(String l) throws SQLException {
    return getUnicodeStream(findColumn(l));
  }

  @Override
  public InputStream getBinaryStream(String l) throws SQLException {
    return getBinaryStream(findColumn(l));
  }

  @Override
  public Reader getCharacterStream(String l) throws SQLException {
    return getCharacterStream(findColumn(l));
  }

  @Override
  public Reader getNCharacterStream(String l) throws SQLException {
    return getNCharacterStream(findColumn(l));
  }

  @Override
  public String getNString(String l) throws SQLException {
    return getNString(findColumn(l));
  }

  @Override
  public Object getObject(String l) throws SQLException {
    return getObject(findColumn(l));
  }

  @Override
  public <T> T getObject(String l, Class<T> type) throws SQLException {
    return getObject(findColumn(l), type);
  }

  @Override
  public Object getObject(String l, Map<String, Class<?>> map) throws SQLException {
    return getObject(findColumn(l), map);
  }

  @Override
  public java.sql.Array getArray(String l) throws SQLException {
    return getArray(findColumn(l));
  }
}
