package io.sluice.jdbc.internal;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;

/**
 * The getters of a result that are another getter in other clothes: the streams and readers over
 * {@link #getString} and {@link #getBytes} (a value is read whole), the national-character
 * forms, a decimal at a scale, and the temporal getters without a calendar. So that a result
 * implements each conversion once. Public only so that reflection through the public {@link
 * SluiceResultSet} reaches these methods; not meant to be implemented elsewhere.
 */
public interface DerivedGetters extends ResultSet {
  @Override
  @Deprecated
  default BigDecimal getBigDecimal(int i, int scale) throws SQLException {
    BigDecimal v = getBigDecimal(i);
    return v == null ? null : v.setScale(scale, RoundingMode.HALF_UP);
  }

  @Override
  default Date getDate(int i) throws SQLException {
    return getDate(i, null);
  }

  @Override
  default Time getTime(int i) throws SQLException {
    return getTime(i, null);
  }

  @Override
  default Timestamp getTimestamp(int i) throws SQLException {
    return getTimestamp(i, null);
  }

  @Override
  default InputStream getAsciiStream(int i) throws SQLException {
    String s = getString(i);
    return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  @Deprecated
  default InputStream getUnicodeStream(int i) throws SQLException {
    String s = getString(i);
    return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  default InputStream getBinaryStream(int i) throws SQLException {
    byte[] b = getBytes(i);
    return b == null ? null : new ByteArrayInputStream(b);
  }

  @Override
  default Reader getCharacterStream(int i) throws SQLException {
    String s = getString(i);
    return s == null ? null : new StringReader(s);
  }

  @Override
  default Reader getNCharacterStream(int i) throws SQLException {
    return getCharacterStream(i);
  }

  @Override
  default String getNString(int i) throws SQLException {
    return getString(i);
  }
}
