package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Composite types and anonymous records as {@link Composite}. Binary ({@code record_send},
 * src/backend/utils/adt/rowtypes.c): int32 column count, then per column its type OID, int32 length
 * (-1 for NULL) and the value in that type's binary format. Text ({@code record_out}):
 * {@code (1,"x y",,"")}: an empty field is NULL, {@code ""} the empty string; a field is quoted
 * when it is empty or holds quotes, backslashes, parentheses, commas or white space, and inside
 * quotes {@code "} and {@code \} are doubled (a backslash also escapes on input).
 *
 * <p>Anonymous records ({@code record}, OID 2249) decode in binary with each column's own codec;
 * their text form carries no types, so text decoding gives String fields. The server cannot
 * receive anonymous records, so encoding needs a registered composite type.
 */
public final class Composites {
  private Composites() {}

  /** Anonymous records. */
  public static final Codec<Composite> RECORD = new CompositeCodec("record", null, null);

  /**
   * An anonymous record's text as the server's {@code record_out} prints it ({@code (1,"x y",)}):
   * each field by its value's codec, quoted where record_out would quote it. Such a record has no
   * attribute types to send it back with, so this is for reading ({@code getString}), not for input.
   */
  public static String recordText(Composite value, TypeContext ctx) {
    return fieldsText(value.values(), (i, v) -> v instanceof Composite inner && inner.typeName().equals(RECORD.name())
        ? recordText(inner, ctx) : ctx.registry().codecForValue(v).encodeText(v, ctx));
  }

  /** {@code (a,b,)} as record_out writes fields: each non-null value's text, quoted where needed. */
  private static String fieldsText(List<Object> values, java.util.function.BiFunction<Integer, Object, String> text) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object v = values.get(i);
      if (v != null) {
        RangeText.quoted(sb, text.apply(i, v));
      }
    }
    return sb.append(')').toString();
  }

  /**
   * An array of anonymous records ({@code record[]}) as the server prints it: {@code
   * {"(1,a)","(2,b)"}}, each element {@link #recordText}, NULL as {@code NULL}.
   */
  public static String recordArrayText(Object[] value, TypeContext ctx) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < value.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object e = value[i];
      if (e == null) {
        sb.append("NULL");
      } else if (e instanceof Object[] inner) {
        sb.append(recordArrayText(inner, ctx));
      } else {
        ArrayText.appendElement(sb, e instanceof Composite c ? recordText(c, ctx) : e.toString());
      }
    }
    return sb.append('}').toString();
  }

  static final class CompositeCodec extends BaseCodec<Composite> {
    private final List<TypeInfo.Attribute> attributes;
    private final TypeRegistry registry;

    CompositeCodec(String name, List<TypeInfo.Attribute> attributes, TypeRegistry registry) {
      super(name, Composite.class);
      this.attributes = attributes == null ? null : List.copyOf(attributes);
      this.registry = registry;
    }

    private Codec<?> codec(int oid, TypeContext ctx) {
      TypeRegistry reg = registry != null ? registry : ctx == null ? null : ctx.registry();
      Codec<?> c = reg == null ? null : reg.codecFor(oid);
      if (c == null) {
        throw new CodecException(name() + ": no codec for a column of type OID " + oid + " (register the type)");
      }
      return c;
    }

    private List<String> names(int n) {
      List<String> names = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        names.add(attributes != null ? attributes.get(i).name() : "f" + (i + 1));
      }
      return names;
    }

    @Override
    public boolean binaryDecodes() {
      if (attributes == null) {
        return true;
      }
      for (TypeInfo.Attribute a : attributes) {
        Codec<?> c = registry.codecFor(a.oid());
        if (c == null || !c.binaryDecodes()) {
          return false;
        }
      }
      return true;
    }

    @Override
    public boolean binaryEncodes() {
      return attributes != null;
    }

    @Override
    public Composite decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      BinaryCursor r = new BinaryCursor(name(), buf, off, len);
      int n = r.int32("column count");
      if (n < 0 || n > r.remaining() / 8) {
        throw r.fail(n + " columns in " + r.remaining() + " bytes");
      }
      if (attributes != null && n != attributes.size()) {
        throw r.fail(n + " columns, but " + name() + " has " + attributes.size());
      }
      List<Object> values = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        int oid = r.int32("column type");
        int vlen = r.length("column");
        if (vlen < 0) {
          values.add(null);
          continue;
        }
        values.add(codec(oid, ctx).decodeBinary(r.buf, r.pos, vlen, ctx));
        r.skip(vlen);
      }
      r.expectEnd();
      return new Composite(name(), names(n), values);
    }

    @Override
    public Composite decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      TextCursor c = new TextCursor(name(), buf, off, len);
      c.expect('(');
      List<Object> values = new ArrayList<>();
      StringBuilder field = new StringBuilder();
      while (true) {
        int i = values.size();
        if (attributes != null && i >= attributes.size()) {
          throw c.fail("more fields than " + name() + " has attributes");
        }
        int start = c.pos;
        boolean quoted = false;
        boolean plain = true; // no quotes or escapes: decode the bytes in place
        field.setLength(0);
        while (true) {
          int ch = c.next();
          if (!quoted && (ch == ',' || ch == ')')) {
            c.pos--;
            break;
          }
          if (ch == '\\') {
            field.append((char) c.next());
            plain = false;
          } else if (ch == '"') {
            plain = false;
            if (quoted && c.peek() == '"') {
              field.append((char) c.next());
            } else {
              quoted = !quoted;
            }
          } else {
            field.append((char) ch);
          }
        }
        int end = c.pos;
        if (end == start) {
          values.add(null);
        } else if (plain) {
          values.add(decodeField(i, buf, start, end - start, ctx));
        } else {
          byte[] b = new byte[field.length()];
          for (int k = 0; k < b.length; k++) {
            b[k] = (byte) field.charAt(k);
          }
          values.add(decodeField(i, b, 0, b.length, ctx));
        }
        if (c.next() == ')') {
          break;
        }
      }
      c.expectEnd();
      if (attributes != null && values.size() != attributes.size()) {
        throw c.fail(values.size() + " fields, but " + name() + " has " + attributes.size() + " attributes");
      }
      return new Composite(name(), names(values.size()), values);
    }

    private Object decodeField(int i, byte[] b, int off, int len, TypeContext ctx) {
      Codec<?> codec = attributes == null ? Texts.TEXT : codec(attributes.get(i).oid(), ctx);
      return codec.decodeText(b, off, len, ctx);
    }

    /** The composite's values in attribute order, matched by name when the names differ in order. */
    private List<Object> ordered(Composite v) {
      if (attributes == null) {
        throw new CodecException("an anonymous record cannot be sent to PostgreSQL; register the composite type");
      }
      if (v.size() != attributes.size()) {
        throw new CodecException(name() + ": " + v.size() + " values for " + attributes.size() + " attributes");
      }
      List<String> names = names(attributes.size());
      if (v.names().equals(names)) {
        return v.values();
      }
      List<Object> out = new ArrayList<>(names.size());
      for (String n : names) {
        if (!v.names().contains(n)) {
          throw new CodecException(name() + ": the value has no attribute " + n + " (it has " + v.names() + ")");
        }
        out.add(v.get(n));
      }
      return out;
    }

    @Override
    public void encodeBinary(Composite value, WireWriter out, TypeContext ctx) {
      List<Object> values = ordered(value);
      out.int32(values.size());
      for (int i = 0; i < values.size(); i++) {
        int oid = attributes.get(i).oid();
        out.int32(oid);
        Object v = values.get(i);
        if (v == null) {
          out.int32(-1);
          continue;
        }
        int at = out.skip(4);
        Elements.encodeBinary(oid, codec(oid, ctx), v, out, ctx);
        out.putInt(at, out.size() - at - 4);
      }
    }

    @Override
    public String encodeText(Composite value, TypeContext ctx) {
      return fieldsText(ordered(value), (i, v) -> {
        int oid = attributes.get(i).oid();
        return Elements.encodeText(oid, codec(oid, ctx), v, ctx);
      });
    }
  }
}
