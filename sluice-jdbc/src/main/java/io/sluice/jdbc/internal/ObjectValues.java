package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.Row;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * Column values as the objects JDBC promises: {@code getObject(i)} by the column's type (JDBC 4.3
 * appendix B, table B-3, with pgjdbc's classes where it chose: {@code java.sql.Date}/{@code
 * Timestamp}/{@code Time} for dates and times, {@code Integer} for {@code int2}, {@link
 * java.sql.Array} for arrays, {@link java.sql.SQLXML} for xml, text for json), and {@code
 * getObject(i, Class)} for the classes JDBC 4.2 adds (java.time), the usual boxes, and the
 * locators ({@code Blob}, {@code Clob} of an oid column, {@code SQLXML}), as pgjdbc's.
 */
final class ObjectValues {
  /** {@code refcursor}'s OID (pg_type.dat): read as the cursor's rows, a ResultSet, as in pgjdbc. */
  private static final int REFCURSOR = 1790;

  /** {@code xml}'s OID (pg_type.dat): read as an SQLXML, as pgjdbc's getObject does (Types.SQLXML). */
  private static final int XML = 142;

  private ObjectValues() {}

  static Object jdbcObject(Row r, int c, Column col, SluiceConnection connection) throws SQLException {
    Object v = r.get(c);
    return switch (col.typeOid()) {
      case 21 -> ((Number) v).intValue();
      case 1700 -> negativeScale(v, col.typeModifier());
      case 1082 -> TemporalValues.date(v, null, col.name());
      case 1083, 1266 -> TemporalValues.time(v, null, col.name());
      case 1114, 1184 -> TemporalValues.timestamp(v, null, col.name());
      case REFCURSOR -> RefCursors.fetchAll(connection, v);
      case XML -> LobColumns.sqlXml(r, c);
      default -> v != null && (v.getClass().isArray() && !(v instanceof byte[]) || v instanceof java.util.List)
          ? array(r, c, v, col, connection) : extended(r, c, v, col, connection);
    };
  }

  /**
   * A numeric column whose type has a negative scale (PostgreSQL 15: {@code numeric(2,-2)} rounds
   * to hundreds) gives its values at that scale, as pgjdbc: 1500 is {@code 1.5E+3}, equal in value
   * to the text's {@code 1500} and exact. The scale is typmod's low 11 bits, signed (numeric.c's
   * {@code NUMERIC_TYPMOD_SCALE}).
   */
  private static Object negativeScale(Object v, int typmod) {
    if (!(v instanceof java.math.BigDecimal d) || typmod < 4) {
      return v;
    }
    int scale = (((typmod - 4) & 0x7ff) ^ 1024) - 1024;
    if (scale >= 0 || d.scale() <= scale) {
      return v;
    }
    try {
      return d.setScale(scale, java.math.RoundingMode.UNNECESSARY);
    } catch (ArithmeticException notAtThatScale) {
      return v;
    }
  }

  /**
   * A value of json, jsonb, interval or a type outside the built-in ones (enums aside) as an {@link Extension}
   * gives it (the drop-in: pgjdbc's {@code PGobject}, {@code PGInterval}); as decoded without one. A
   * composite or range goes to the extension as the server's text of it, which is what pgjdbc's
   * {@code PGobject} holds ({@code (1,2.2,)}, {@code [1,5)}).
   */
  private static Object extended(Row r, int c, Object v, Column col, SluiceConnection connection)
      throws SQLException {
    int oid = col.typeOid();
    if (v == null || !Extensions.present()) {
      return v;
    }
    // not enums (VARCHAR: strings, as in pgjdbc) nor the other built-in types, which have their classes
    boolean network = oid == 869 || oid == 650 || oid == 829 || oid == 774;   // inet, cidr, macaddr, macaddr8
    boolean asked = oid == 114 || oid == 3802 || oid == 1186 || network || v instanceof io.sluice.types.Range<?>
        || JdbcTypes.builtIn(oid) == null && connection.typeNames.sqlType(oid) != java.sql.Types.VARCHAR;
    if (!asked) {
      return v;
    }
    // pgjdbc has no class of these: a PGobject holding the server's text
    Object given = network || v instanceof io.sluice.types.Composite || v instanceof io.sluice.types.Range<?>
        ? r.getString(c) : v;
    return Extensions.get().columnObject(connection, connection.typeNames.name(oid), given);
  }

  static java.sql.Array array(Row r, int c, Object v, Column col, SluiceConnection connection) throws SQLException {
    String element = TypeNames.elementName(connection.typeNames.name(col.typeOid()));
    if (Extensions.present() && ArrayElements.holdsComposites(v)) {
      // with the drop-in, composite elements are pgjdbc's PGobjects of their server text, read
      // from the array's text (what getString gives), as pgjdbc reads them
      v = ArrayElements.composites(r.getString(c), element, connection);
    }
    return new SluiceArray(element, v, connection);
  }

  /** {@code getObject(i, type)} of SQL NULL: null, or the {@link Extension}'s object for it. */
  static <T> T nullAs(Column col, Class<T> type, SluiceConnection connection) throws SQLException {
    if (!Extensions.present()) {
      return null;
    }
    Object o = Extensions.get().nullObject(connection.typeNames.name(col.typeOid()), type);
    return type.isInstance(o) ? type.cast(o) : null;
  }

  @SuppressWarnings("unchecked")
  static <T> T as(Row r, int c, Column col, Class<T> type, SluiceConnection connection) throws SQLException {
    Object v = r.get(c);
    TemporalTargets.check(col, type, v, connection);
    if (type == String.class) {
      return (T) r.getString(c);
    }
    if (type == java.sql.ResultSet.class && col.typeOid() == REFCURSOR) {
      return (T) RefCursors.fetchAll(connection, v);
    }
    if (type == Integer.class || type == int.class) {
      return (T) Integer.valueOf(r.getInt(c));
    }
    if (type == Long.class || type == long.class) {
      return (T) Long.valueOf(r.getLong(c));
    }
    if (type == Short.class || type == short.class) {
      return (T) Short.valueOf(r.getShort(c));
    }
    if (type == Byte.class || type == byte.class) {
      return (T) Byte.valueOf((byte) r.getShort(c));
    }
    if (type == Double.class || type == double.class) {
      return (T) Double.valueOf(r.getDouble(c));
    }
    if (type == Float.class || type == float.class) {
      return (T) Float.valueOf(r.getFloat(c));
    }
    if (type == Boolean.class || type == boolean.class) {
      return (T) Boolean.valueOf(PrimitiveValues.bool(r, c, col));
    }
    if (type == BigDecimal.class) {
      return (T) r.getBigDecimal(c);
    }
    if (type == BigInteger.class) {
      return (T) r.getBigInteger(c);
    }
    if (type == java.sql.Timestamp.class || type == java.util.Date.class) {
      return (T) TemporalValues.timestamp(v, null, col.name());
    }
    if (type == java.util.Calendar.class || type == java.util.GregorianCalendar.class) {
      // pgjdbc's getObject(Calendar): the instant getTimestamp gives, in a calendar of the JVM's zone
      java.util.Calendar cal = new java.util.GregorianCalendar();
      cal.setTimeInMillis(TemporalValues.timestamp(v, null, col.name()).getTime());
      return (T) cal;
    }
    if (type == java.sql.Date.class) {
      return (T) TemporalValues.date(v, null, col.name());
    }
    if (type == java.sql.Time.class) {
      return (T) TemporalValues.time(v, null, col.name());
    }
    if (type == java.sql.Array.class) {
      return (T) array(r, c, v, col, connection);
    }
    if (type == java.sql.Blob.class) {
      return (T) LobColumns.blob(r, c, col, connection);
    }
    if (type == java.sql.Clob.class || type == java.sql.NClob.class) {
      return (T) LobColumns.clob(r, c, col, connection);
    }
    if (type == java.sql.SQLXML.class) {
      return (T) LobColumns.sqlXml(r, c);
    }
    if (type.isInstance(v)) {
      return type.cast(v);
    }
    if (v instanceof io.sluice.types.Inet inet && type == java.net.InetAddress.class) {
      return type.cast(inet.address());   // as pgjdbc: the address, the prefix length dropped
    }
    Object t = temporal(v, type);
    if (t != null) {
      return type.cast(t);
    }
    Object x = extended(r, c, v, col, connection);
    if (x != v && type.isInstance(x)) {
      return type.cast(x);
    }
    return r.get(c, type);
  }

  /**
   * java.time conversions between a column's value and the class asked for, within those pgjdbc
   * makes ({@link TemporalTargets}), and to {@code Instant} and {@code ZonedDateTime}.
   */
  private static Object temporal(Object v, Class<?> type) {
    ZoneId zone = ZoneId.systemDefault();
    if (v instanceof OffsetDateTime t) {
      if (type == Instant.class) {
        int infinite = TemporalInfinity.sign(t);
        return infinite > 0 ? Instant.MAX : infinite < 0 ? Instant.MIN : t.toInstant();
      }
      if (type == ZonedDateTime.class) {
        return t.atZoneSameInstant(zone);
      }
    }
    if (v instanceof LocalDateTime t && TemporalInfinity.sign(t) != 0) {
      boolean plus = TemporalInfinity.sign(t) > 0;   // infinity has no zone to shift it
      return type == OffsetDateTime.class ? (plus ? OffsetDateTime.MAX : OffsetDateTime.MIN)
          : type == Instant.class ? (plus ? Instant.MAX : Instant.MIN)
          : type == LocalDate.class ? (plus ? LocalDate.MAX : LocalDate.MIN) : null;
    }
    if (v instanceof LocalDateTime t) {
      if (type == LocalDate.class) {
        return t.toLocalDate();
      }
      if (type == OffsetDateTime.class) {
        return t.atZone(zone).toOffsetDateTime();
      }
      if (type == Instant.class) {
        return t.atZone(zone).toInstant();
      }
    }
    if (v instanceof OffsetTime t && type == OffsetDateTime.class) {
      return t.atDate(LocalDate.EPOCH);   // pgjdbc's day for a timetz read as a date and time
    }
    return null;
  }
}
