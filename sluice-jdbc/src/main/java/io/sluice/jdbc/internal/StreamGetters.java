package io.sluice.jdbc.internal;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The stream getters of a result by index, over {@code getString} and {@code getBytes}: a value
 * arrives whole, so its stream is over the value in memory, as in pgjdbc ("there is no current way
 * to stream the value from the server", {@code PgResultSet.getCharacterStream}). Public only so
 * that reflection through the public {@link SluiceResultSet} reaches these methods; not meant to
 * be implemented elsewhere.
 */
public interface StreamGetters extends ResultSet {
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
