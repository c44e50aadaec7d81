package io.sluice.internal.statements;

import io.sluice.CopyFormat;
import io.sluice.ValueException;
import io.sluice.internal.rows.RowLayout;
import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireWriter;
import io.sluice.types.Codec;
import io.sluice.types.TypeContext;
import java.util.List;

/**
 * Rows of Java values encoded for COPY FROM STDIN, each value by the codec of its column's type
 * (the types come from describing the target columns), one CopyData message per row.
 */
public final class CopyRows {
  /** The binary format's header: signature, flags, no extension. */
  private static final byte[] BINARY_HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0,
      0, 0, 0, 0, 0, 0, 0, 0};

  private final CopyFormat format;
  private final RowLayout layout;
  private final TypeContext types;
  private final int[] columnTypes;
  private final StringBuilder line = new StringBuilder(256);
  private long count;

  public CopyRows(CopyFormat format, RowLayout layout) {
    this.format = format;
    this.layout = layout;
    this.types = layout.types();
    this.columnTypes = new int[layout.size()];
    for (int i = 0; i < layout.size(); i++) {
      columnTypes[i] = layout.column(i).typeOid();
    }
    if (format == CopyFormat.BINARY) {
      for (int i = 0; i < layout.size(); i++) {
        if (layout.codec(i) == null || !layout.codec(i).binaryEncodes()) {
          throw new ValueException("column " + layout.column(i).name() + " (type OID " + layout.column(i).typeOid()
              + ") has no binary encoder; use CopyFormat.TEXT or CSV");
        }
      }
    }
  }

  /** Writes the binary header, if the format has one. */
  public void start(CopyInExchange x) {
    if (format == CopyFormat.BINARY) {
      x.write(BINARY_HEADER, 0, BINARY_HEADER.length);
    }
  }

  /** Writes the binary trailer, if the format has one. */
  public void end(CopyInExchange x) {
    if (format == CopyFormat.BINARY) {
      x.write(new byte[] {(byte) 0xFF, (byte) 0xFF}, 0, 2);
    }
  }

  /** Encodes one row: an {@code Object[]} or a {@code List}. */
  public void write(CopyInExchange x, Object row) {
    count++;
    Object[] values = switch (row) {
      case Object[] a -> a;
      case List<?> l -> l.toArray();
      case null -> throw new ValueException("row " + count + " is null; rows are Object[] or List");
      default -> throw new ValueException("row " + count + " is a " + row.getClass().getName()
          + "; rows are Object[] or List");
    };
    if (values.length != layout.size()) {
      throw new ValueException("row " + count + " has " + values.length + " values for " + layout.size()
          + " columns");
    }
    values = io.sluice.types.TypeDependent.resolve(values, columnTypes);
    if (format == CopyFormat.BINARY) {
      WireWriter out = x.beginMessage();
      int lengthAt = out.size() - 4;
      out.int16(values.length);
      for (int i = 0; i < values.length; i++) {
        binary(out, i, values[i]);
      }
      x.endMessage(lengthAt);
      return;
    }
    line.setLength(0);
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        line.append(format == CopyFormat.CSV ? ',' : '\t');
      }
      Object v = values[i];
      if (v == null) {
        if (format == CopyFormat.TEXT) {
          line.append("\\N");
        }
        continue;
      }
      String text = text(i, v);
      if (format == CopyFormat.TEXT) {
        escapeText(text);
      } else {
        quoteCsv(text);
      }
    }
    line.append('\n');
    byte[] bytes = lineBytes(values);
    x.write(bytes, 0, bytes.length);
  }

  /** The row's line as UTF-8; a lone surrogate in a value is refused, naming its column. */
  private byte[] lineBytes(Object[] values) {
    try {
      return Utf8.encode(line.toString());
    } catch (io.sluice.protocol.ProtocolException e) {
      for (int i = 0; i < values.length; i++) {
        try {
          Utf8.encode(values[i] == null ? "" : text(i, values[i]));
        } catch (io.sluice.protocol.ProtocolException inValue) {
          throw new ValueException("row " + count + ", column " + layout.column(i).name() + ": " + inValue.getMessage(), e);
        }
      }
      throw new ValueException("row " + count + ": " + e.getMessage(), e);
    }
  }

  @SuppressWarnings("unchecked")
  private void binary(WireWriter out, int i, Object v) {
    if (v == null) {
      out.int32(-1);
      return;
    }
    Codec<Object> c = (Codec<Object>) layout.codec(i);
    if (!c.accepts(v) && v instanceof Number n) {
      v = toColumnNumber(i, n);
    }
    if (!c.accepts(v)) {
      c = byValue(i, v);
    }
    int lengthAt = out.skip(4);
    try {
      c.encodeBinary(v, out, types);
    } catch (io.sluice.types.CodecException e) {
      throw new ValueException("row " + count + ", column " + layout.column(i).name() + ": " + e.getMessage(), e);
    }
    out.putInt(lengthAt, out.size() - lengthAt - 4);
  }

  /**
   * A number as the Java type of its numeric column, when that loses nothing: a Long that fits an
   * int4 column is written as one (Clojure's integers are all Longs), an integer into numeric or
   * float8 (up to 2^53), a float8 that a float4 holds exactly. Anything inexact is an error.
   */
  private Number toColumnNumber(int i, Number n) {
    int oid = layout.column(i).typeOid();
    boolean integral = n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
    Long exact = integral ? Long.valueOf(n.longValue())
        : n instanceof java.math.BigInteger bi && bi.bitLength() < 64 ? Long.valueOf(bi.longValue())
        : null;
    switch (oid) {
      case 21, 23, 20 -> {
        if (exact == null && n instanceof java.math.BigDecimal bd) {
          try {
            exact = bd.longValueExact();
          } catch (ArithmeticException e) {
            exact = null;
          }
        }
        if (exact == null) {
          break;
        }
        long l = exact;
        if (oid == 20) {
          return l;
        }
        if (oid == 23 && l == (int) l) {
          return (int) l;
        }
        if (oid == 21 && l == (short) l) {
          return (short) l;
        }
        throw new ValueException("row " + count + ", column " + layout.column(i).name() + ": " + l + " is out of range for "
            + (oid == 23 ? "integer" : "smallint"));
      }
      case 1700 -> {
        if (exact != null) {
          return java.math.BigDecimal.valueOf(exact);
        }
        if (n instanceof java.math.BigInteger bi) {
          return new java.math.BigDecimal(bi);
        }
      }
      case 701 -> {
        if (n instanceof Float f) {
          return f.doubleValue();
        }
        if (exact != null && Math.abs(exact) <= (1L << 53)) {
          return exact.doubleValue();
        }
      }
      case 700 -> {
        if (n instanceof Double d && (double) d.floatValue() == d) {
          return d.floatValue();
        }
        if (exact != null && Math.abs(exact) <= (1L << 24)) {
          return exact.floatValue();
        }
      }
      default -> { }
    }
    return n;
  }

  /** The codec for {@code v}'s Java class, when it writes the column's very type (Instant as timestamptz). */
  @SuppressWarnings("unchecked")
  private Codec<Object> byValue(int i, Object v) {
    io.sluice.types.ParameterCodec pc;
    try {
      pc = types.registry().codecForValue(v);
    } catch (io.sluice.types.CodecException e) {
      pc = null;
    }
    if (pc == null || pc.oid() != layout.column(i).typeOid() || !pc.binary()) {
      throw new ValueException("row " + count + ", column " + layout.column(i).name() + ": a " + v.getClass().getName()
          + " cannot be written in binary as type OID " + layout.column(i).typeOid() + " (use a matching Java type, or"
          + " the TEXT or CSV format)");
    }
    return (Codec<Object>) pc.codec();
  }

  @SuppressWarnings("unchecked")
  private String text(int i, Object v) {
    if (v instanceof String s) {
      return s;
    }
    Codec<Object> c = (Codec<Object>) layout.codec(i);
    try {
      if (c != null && c.accepts(v)) {
        return c.encodeText(v, types);
      }
      return types.registry().codecForValue(v).encodeText(v, types);
    } catch (io.sluice.types.CodecException e) {
      throw new ValueException("row " + count + ", column " + layout.column(i).name() + ": " + e.getMessage(), e);
    }
  }

  private void escapeText(String s) {
    for (int k = 0; k < s.length(); k++) {
      char ch = s.charAt(k);
      switch (ch) {
        case '\\' -> line.append("\\\\");
        case '\t' -> line.append("\\t");
        case '\n' -> line.append("\\n");
        case '\r' -> line.append("\\r");
        default -> line.append(ch);
      }
    }
  }

  private void quoteCsv(String s) {
    boolean quote = s.isEmpty() || s.equals("\\.");
    for (int k = 0; k < s.length() && !quote; k++) {
      char ch = s.charAt(k);
      quote = ch == ',' || ch == '"' || ch == '\n' || ch == '\r';
    }
    if (!quote) {
      line.append(s);
      return;
    }
    line.append('"');
    for (int k = 0; k < s.length(); k++) {
      char ch = s.charAt(k);
      if (ch == '"') {
        line.append('"');
      }
      line.append(ch);
    }
    line.append('"');
  }
}
