package io.sluice;

import io.sluice.internal.rows.Conversions;
import io.sluice.internal.rows.RecordMapping;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.rows.RowMap;
import io.sluice.internal.rows.Rows;
import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireReader;
import io.sluice.types.Codec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One row of a result: a view over the raw bytes the server sent. Nothing is decoded until a
 * column is read; the offsets of the columns are found on the first read, and an object value is
 * decoded at most once. Getters take a 0-based column index or a column name.
 *
 * <p>A row from {@link RowSet} stays valid as long as the set. A row handed to a streaming
 * callback is valid only during the callback: copy what you need, or call {@link #toMap()}.
 *
 * <p>Reading SQL NULL with a primitive getter ({@link #getInt}, …) throws {@link ValueException};
 * check {@link #isNull} first, or use {@link #get}, which returns {@code null}.
 */
public final class Row {
  private final RowLayout layout;
  private byte[] buf;
  private int start;
  /** A column whose value's position is known, and that position: reading in order walks on from it. */
  private int knownColumn;
  private int knownAt;
  /**
   * Every column's position, filled only when a column before {@link #knownColumn} is read; the
   * array is kept when a streaming view moves to the next row, so that reading out of order costs
   * one array per view, not one per row.
   */
  private int[] pos;
  private boolean positioned;
  private Object[] cache;

  static {
    // the parts that build results outside this package make rows through Rows, not a public constructor
    Rows.install(Row::new, Row::point);
  }

  Row(RowLayout layout, byte[] buf, int start) {
    this.layout = layout;
    point(buf, start);
  }

  /** Re-points this view at another row's bytes (streaming reuses one view). */
  void point(byte[] b, int s) {
    buf = b;
    start = s;
    knownColumn = 0;
    knownAt = s + 2;
    positioned = false;
    if (cache != null) {
      Arrays.fill(cache, null);
    }
  }

  public int columnCount() {
    return layout.size();
  }

  public List<Column> columns() {
    return layout.list();
  }

  /** The index of the named column; a name that is not there is an error listing the names. */
  public int indexOf(String name) {
    int i = layout.indexOf(name);
    if (i < 0) {
      StringBuilder names = new StringBuilder();
      for (Column c : layout.list()) {
        names.append(names.isEmpty() ? "" : ", ").append(c.name());
      }
      throw new ValueException("no column named \"" + name + "\"; the columns are: " + names);
    }
    return i;
  }

  /*
   * Where column i's value starts (its length word). Every DataRow was checked against the row
   * description when it arrived (ReplyBodies.checkDataRow, in sluice-protocol): the lengths are
   * trusted here. Reading columns in order walks each length once, with nothing allocated; reading
   * one before the last walked column records every position once.
   */
  private int at(int i) {
    if (i < 0 || i >= layout.size()) {
      throw new ValueException("column index " + i + " out of range: the row has " + layout.size() + " columns");
    }
    if (positioned) {
      return pos[i];
    }
    if (i < knownColumn) {
      return positions()[i];
    }
    int p = knownAt;
    for (int c = knownColumn; c < i; c++) {
      int len = WireReader.getInt(buf, p);
      p += len == -1 ? 4 : 4 + len;
    }
    knownColumn = i;
    knownAt = p;
    return p;
  }

  private int[] positions() {
    int n = layout.size();
    int[] all = pos != null ? pos : new int[n];
    int p = start + 2;
    for (int c = 0; c < n; c++) {
      all[c] = p;
      int len = WireReader.getInt(buf, p);
      p += len == -1 ? 4 : 4 + len;
    }
    pos = all;
    positioned = true;
    return all;
  }

  /** The byte length of column {@code i}'s value, or -1 for NULL. */
  private int len(int i) {
    return WireReader.getInt(buf, at(i));
  }

  public boolean isNull(int i) {
    return len(i) == -1;
  }

  public boolean isNull(String name) {
    return isNull(indexOf(name));
  }

  private int nonNull(int i, String what) {
    int n = len(i);
    if (n == -1) {
      throw new ValueException("column " + layout.column(i).name() + " is NULL; " + what + " cannot hold NULL");
    }
    return n;
  }

  /** The value as its natural Java type (the table in docs/types.md), or {@code null}. */
  public Object get(int i) {
    int n = len(i);
    if (n == -1) {
      return null;
    }
    if (cache == null) {
      cache = new Object[layout.size()];
    } else if (cache[i] != null) {
      return cache[i];
    }
    Object v = decode(i, n);
    cache[i] = v;
    return v;
  }

  public Object get(String name) {
    return get(indexOf(name));
  }

  private Object decode(int i, int n) {
    int off = at(i) + 4;
    Column c = layout.column(i);
    Codec<?> codec = layout.codec(i);
    try {
      if (codec == null) {
        return c.binary() ? Arrays.copyOfRange(buf, off, off + n) : Utf8.decode(buf, off, n);
      }
      return c.binary() ? codec.decodeBinary(buf, off, n, layout.types()) : codec.decodeText(buf, off, n, layout.types());
    } catch (RuntimeException e) {
      throw undecodable(c, e);
    }
  }

  /**
   * The server's bytes for a value could not be decoded (invalid UTF-8, a malformed binary value, a
   * value out of Java's range): an error of that value only, naming its column. A decoder reads
   * untrusted bytes, so whatever it throws is reported this way rather than escaping as is.
   */
  private static ValueException undecodable(Column c, RuntimeException e) {
    if (e instanceof io.sluice.types.CodecException || e instanceof io.sluice.protocol.ProtocolException) {
      return new ValueException("column " + c.name() + ": " + e.getMessage(), e);
    }
    return new ValueException("column " + c.name() + " (type OID " + c.typeOid() + "): cannot decode the value: " + e,
        e);
  }

  /** The value's bytes as UTF-8 text. */
  private String text(int i, int n) {
    try {
      return Utf8.decode(buf, at(i) + 4, n);
    } catch (io.sluice.protocol.ProtocolException e) {
      throw undecodable(layout.column(i), e);
    }
  }

  /**
   * Checks a fixed-width binary value's length before a getter reads it in place: a short value
   * from a broken server must not be read from the bytes of the next column.
   */
  private void width(int i, int n, int bytes) {
    if (n != bytes) {
      Column c = layout.column(i);
      throw new ValueException("column " + c.name() + ": a binary value of type OID " + c.typeOid() + " has " + bytes
          + " bytes, but the server sent " + n);
    }
  }

  /** The value converted to {@code type}; {@code null} for NULL. */
  public <T> T get(int i, Class<T> type) {
    Object v = get(i);
    if (v == null || type.isInstance(v)) {
      return type.cast(v);
    }
    Object converted = Conversions.convert(v, type);
    if (converted == null) {
      throw new ValueException("column " + layout.column(i).name() + " holds a " + v.getClass().getSimpleName()
          + (v instanceof Number ? " (" + v + ")" : "") + ", which cannot be read as " + type.getSimpleName());
    }
    return type.cast(converted);
  }

  public <T> T get(String name, Class<T> type) {
    return get(indexOf(name), type);
  }

  public String getString(int i) {
    int n = len(i);
    if (n == -1) {
      return null;
    }
    Column c = layout.column(i);
    if (!c.binary() || isTextType(c.typeOid())) {
      return text(i, n);
    }
    Object v = get(i);
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof java.time.OffsetDateTime t && c.typeOid() == 1184) {
      // as the server would have printed it: in the session's TimeZone (ParameterStatus)
      return io.sluice.types.Timestamps.display(t, layout.types().timeZone());
    }
    if (v instanceof io.sluice.types.Composite record && c.typeOid() == 2249) {
      // an anonymous record: no attribute types to write it for input, but record_out's text
      return io.sluice.types.Composites.recordText(record, layout.types());
    }
    if (v instanceof Object[] records && c.typeOid() == 2287) {   // record[], as array_out prints it
      return io.sluice.types.Composites.recordArrayText(records, layout.types());
    }
    if (v instanceof io.sluice.types.Interval interval) {
      // what PostgreSQL prints (default IntervalStyle), not the sign-explicit form encodeText writes for input
      return interval.toString();
    }
    @SuppressWarnings("unchecked")
    Codec<Object> codec = (Codec<Object>) layout.codec(i);
    try {
      return codec != null ? codec.encodeText(v, layout.types()) : String.valueOf(v);
    } catch (RuntimeException e) {
      throw undecodable(c, e);
    }
  }

  public String getString(String name) {
    return getString(indexOf(name));
  }

  private static boolean isTextType(int oid) {
    return oid == 25 || oid == 1043 || oid == 1042 || oid == 19 || oid == 705 || oid == 114 || oid == 142;
  }

  public long getLong(int i) {
    int n = nonNull(i, "long");
    Column c = layout.column(i);
    int off = at(i) + 4;
    if (c.binary()) {
      switch (c.typeOid()) {
        case 20 -> {
          width(i, n, 8);
          return ((long) WireReader.getInt(buf, off) << 32) | (WireReader.getInt(buf, off + 4) & 0xFFFF_FFFFL);
        }
        case 23 -> {
          width(i, n, 4);
          return WireReader.getInt(buf, off);
        }
        case 21 -> {
          width(i, n, 2);
          return (short) (((buf[off] & 0xFF) << 8) | (buf[off + 1] & 0xFF));
        }
        case 26 -> {
          width(i, n, 4);
          return WireReader.getInt(buf, off) & 0xFFFF_FFFFL;
        }
        default -> {
          return Conversions.toLong(get(i), c.name());
        }
      }
    }
    return Conversions.parseLong(buf, off, n, c.name());
  }

  public long getLong(String name) {
    return getLong(indexOf(name));
  }

  public int getInt(int i) {
    long v = getLong(i);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new ValueException("column " + layout.column(i).name() + ": " + v + " does not fit in an int");
    }
    return (int) v;
  }

  public int getInt(String name) {
    return getInt(indexOf(name));
  }

  public short getShort(int i) {
    long v = getLong(i);
    if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
      throw new ValueException("column " + layout.column(i).name() + ": " + v + " does not fit in a short");
    }
    return (short) v;
  }

  public double getDouble(int i) {
    int n = nonNull(i, "double");
    Column c = layout.column(i);
    int off = at(i) + 4;
    if (c.binary()) {
      if (c.typeOid() == 701) {
        width(i, n, 8);
        return Double.longBitsToDouble(((long) WireReader.getInt(buf, off) << 32) | (WireReader.getInt(buf, off + 4) & 0xFFFF_FFFFL));
      }
      if (c.typeOid() == 700) {
        width(i, n, 4);
        return Float.intBitsToFloat(WireReader.getInt(buf, off));
      }
    }
    Object v = get(i);
    if (v instanceof Number num) {
      return num.doubleValue();
    }
    if (v instanceof String s) {
      return Conversions.parseDouble(s, c.name());
    }
    throw new ValueException("column " + c.name() + " holds a " + v.getClass().getSimpleName() + ", not a number");
  }

  public double getDouble(String name) {
    return getDouble(indexOf(name));
  }

  public float getFloat(int i) {
    return (float) getDouble(i);
  }

  public boolean getBoolean(int i) {
    int n = nonNull(i, "boolean");
    Column c = layout.column(i);
    int off = at(i) + 4;
    if (c.typeOid() == 16) {
      width(i, n, 1);
      return c.binary() ? buf[off] != 0 : buf[off] == 't';
    }
    Object v = get(i);
    if (v instanceof Boolean b) {
      return b;
    }
    throw new ValueException("column " + c.name() + " holds a " + v.getClass().getSimpleName() + ", not a boolean");
  }

  public boolean getBoolean(String name) {
    return getBoolean(indexOf(name));
  }

  public BigDecimal getBigDecimal(int i) {
    Object v = get(i);
    if (v == null || v instanceof BigDecimal) {
      return (BigDecimal) v;
    }
    return get(i, BigDecimal.class);
  }

  public BigDecimal getBigDecimal(String name) {
    return getBigDecimal(indexOf(name));
  }

  /** The value as a BigInteger; a number with a fraction is a {@link ValueException}, never rounded. */
  public BigInteger getBigInteger(int i) {
    return get(i, BigInteger.class);
  }

  public byte[] getBytes(int i) {
    return get(i, byte[].class);
  }

  public byte[] getBytes(String name) {
    return getBytes(indexOf(name));
  }

  public UUID getUUID(int i) {
    return get(i, UUID.class);
  }

  public UUID getUUID(String name) {
    return getUUID(indexOf(name));
  }

  public LocalDate getLocalDate(int i) {
    return get(i, LocalDate.class);
  }

  public LocalDate getLocalDate(String name) {
    return getLocalDate(indexOf(name));
  }

  public LocalTime getLocalTime(int i) {
    return get(i, LocalTime.class);
  }

  public LocalDateTime getLocalDateTime(int i) {
    return get(i, LocalDateTime.class);
  }

  public LocalDateTime getLocalDateTime(String name) {
    return getLocalDateTime(indexOf(name));
  }

  public OffsetDateTime getOffsetDateTime(int i) {
    Object v = get(i);
    if (v instanceof Instant t) {
      return t.atOffset(ZoneOffset.UTC);
    }
    return get(i, OffsetDateTime.class);
  }

  public OffsetDateTime getOffsetDateTime(String name) {
    return getOffsetDateTime(indexOf(name));
  }

  public Instant getInstant(int i) {
    Object v = get(i);
    if (v instanceof OffsetDateTime t) {
      return t.toInstant();
    }
    return get(i, Instant.class);
  }

  public Instant getInstant(String name) {
    return getInstant(indexOf(name));
  }

  /**
   * This row as a record: each component from the column of the same name, ignoring case and
   * underscores ({@code first_name} feeds {@code firstName}); columns no component names are
   * ignored. The mapping is resolved once per record class and result shape, not per row.
   *
   * @throws ValueException naming the component and column: a component without a column, NULL
   *     into a primitive component, a value that does not convert to the component's type
   */
  public <R extends Record> R as(Class<R> type) {
    return RecordMapping.of(type, layout).map(this);
  }

  /**
   * Every column decoded, in column order, keyed by name (a later duplicate name wins). The map
   * prints array values with their elements ({@code {ids=[1, 2, 3]}}) and compares them element by
   * element.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new RowMap(layout.size());
    for (int i = 0; i < layout.size(); i++) {
      m.put(layout.column(i).name(), get(i));
    }
    return m;
  }

  @Override
  public String toString() {
    return "Row" + toMap();
  }
}
