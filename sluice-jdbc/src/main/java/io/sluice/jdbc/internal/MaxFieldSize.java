package io.sluice.jdbc.internal;

import io.sluice.Column;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;

/**
 * {@link Statement#setMaxFieldSize}: "the maximum number of bytes that can be returned for
 * character and binary column values … BINARY, VARBINARY, LONGVARBINARY, CHAR, VARCHAR, NCHAR,
 * NVARCHAR, LONGNVARCHAR and LONGVARCHAR … the excess data is silently discarded". A string is
 * cut to the longest prefix of whole characters whose UTF-8 form (the client encoding) fits.
 * Applied when a value is read, so the rows in memory keep the whole value.
 */
final class MaxFieldSize {
  private MaxFieldSize() {}

  /** {@code value} (a String, byte[] or anything else) as column {@code c} of a result of {@code statement} gives it. */
  @SuppressWarnings("unchecked")
  static <T> T cut(Statement statement, Column c, T value) throws SQLException {
    if (value == null || statement == null) {
      return value;
    }
    int max = statement.getMaxFieldSize();
    if (max <= 0 || !limited(c.typeOid())) {
      return value;
    }
    if (value instanceof byte[] b && b.length > max) {
      return (T) java.util.Arrays.copyOf(b, max);
    }
    if (value instanceof String s && s.length() * 3L > max) {
      return (T) prefix(s, max);
    }
    return value;
  }

  private static boolean limited(int typeOid) {
    JdbcTypes.Type t = JdbcTypes.builtIn(typeOid);
    if (t == null) {
      return false;
    }
    return switch (t.sqlType()) {
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.CHAR, Types.VARCHAR, Types.NCHAR,
          Types.NVARCHAR, Types.LONGNVARCHAR, Types.LONGVARCHAR -> true;
      default -> false;
    };
  }

  /** The longest prefix of whole characters of {@code s} that takes at most {@code max} bytes in UTF-8. */
  private static String prefix(String s, int max) {
    CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder();
    CharBuffer in = CharBuffer.wrap(s);
    encoder.encode(in, ByteBuffer.allocate(max), true);
    return s.substring(0, in.position());
  }
}
