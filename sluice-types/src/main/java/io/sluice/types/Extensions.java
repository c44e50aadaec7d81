package io.sluice.types;

import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;
import java.io.ByteArrayOutputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Types from common extensions, which have no fixed OID: the registry gives them a codec by name
 * when {@link TypeRegistry#registerDynamic} meets them.
 * <ul>
 *   <li>{@code hstore} (contrib/hstore, {@code hstore_send}) as {@code Map<String, String>}:
 *       binary int32 pair count, then per pair int32 key length and key, int32 value length (-1
 *       for NULL) and value; text {@code "a"=>"1", "b"=>NULL}. Decoded maps keep the server's
 *       order (by key length, then bytes) and are unmodifiable.
 *   <li>{@code citext} as String (its binary form is its text).
 *   <li>{@code vector} (pgvector, {@code vector_send}) as {@code float[]}: binary int16 dimensions,
 *       int16 unused (0), then float4s; text {@code [1,2.5,3]}. At most 16000 dimensions, finite.
 * </ul>
 */
public final class Extensions {
  private Extensions() {}

  /** pgvector's {@code VECTOR_MAX_DIM}. */
  static final int VECTOR_MAX_DIM = 16000;

  /** The codec for an extension type called {@code name}, or null if there is none. */
  public static Codec<?> byName(String name) {
    return switch (name) {
      case "hstore" -> HSTORE;
      case "citext" -> Texts.string("citext");
      case "vector" -> VECTOR;
      default -> null;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Codec<Map<String, String>> HSTORE = new BaseCodec<Map<String, String>>("hstore", (Class) Map.class) {
    @Override
    public Map<String, String> decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      BinaryCursor r = new BinaryCursor(name(), buf, off, len);
      int n = r.int32("pair count");
      if (n < 0 || n > r.remaining() / 8) {
        throw r.fail(n + " pairs in " + r.remaining() + " bytes");
      }
      Map<String, String> out = new LinkedHashMap<>(n * 2);
      for (int i = 0; i < n; i++) {
        int klen = r.length("key");
        if (klen < 0) {
          throw r.fail("NULL key");
        }
        String key = utf8(r.buf, r.pos, klen);
        r.skip(klen);
        int vlen = r.length("value");
        String value = null;
        if (vlen >= 0) {
          value = utf8(r.buf, r.pos, vlen);
          r.skip(vlen);
        }
        out.put(key, value);
      }
      r.expectEnd();
      return Collections.unmodifiableMap(out);
    }

    @Override
    public Map<String, String> decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      TextCursor c = new TextCursor(name(), buf, off, len);
      Map<String, String> out = new LinkedHashMap<>();
      c.skipSpaces();
      while (!c.atEnd()) {
        String key = token(c, false);
        c.skipSpaces();
        c.expect('=');
        c.expect('>');
        c.skipSpaces();
        out.put(key, token(c, true));
        c.skipSpaces();
        if (!c.eat(',')) {
          break;
        }
        c.skipSpaces();
      }
      c.expectEnd();
      return Collections.unmodifiableMap(out);
    }

    /** A quoted or bare word; a bare NULL is null where {@code nullable}. */
    private String token(TextCursor c, boolean nullable) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      if (c.eat('"')) {
        while (true) {
          int ch = c.next();
          if (ch == '"') {
            break;
          }
          b.write(ch == '\\' ? c.next() : ch);
        }
        byte[] s = b.toByteArray();
        return utf8(s, 0, s.length);
      }
      while (!c.atEnd()) {
        int ch = c.peek();
        if (ch == ',' || ch == '=' || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
          break;
        }
        c.next();
        b.write(ch == '\\' ? c.next() : ch);
      }
      byte[] s = b.toByteArray();
      if (s.length == 0) {
        throw c.fail("expected a key or value");
      }
      String v = utf8(s, 0, s.length);
      return nullable && v.equalsIgnoreCase("NULL") ? null : v;
    }

    @Override
    public void encodeBinary(Map<String, String> value, WireWriter out, TypeContext ctx) {
      out.int32(value.size());
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        byte[] k = Texts.utf8(name(), key(e.getKey()));
        out.int32(k.length).bytes(k);
        String v = value(e.getValue());
        if (v == null) {
          out.int32(-1);
        } else {
          byte[] vb = Texts.utf8(name(), v);
          out.int32(vb.length).bytes(vb);
        }
      }
    }

    @Override
    public String encodeText(Map<String, String> value, TypeContext ctx) {
      StringBuilder sb = new StringBuilder();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        if (sb.length() > 0) {
          sb.append(", ");
        }
        quote(sb, key(e.getKey()));
        sb.append("=>");
        String v = value(e.getValue());
        if (v == null) {
          sb.append("NULL");
        } else {
          quote(sb, v);
        }
      }
      return sb.toString();
    }

    private String key(Object k) {
      if (!(k instanceof String s)) {
        throw new CodecException("hstore: keys must be non-null Strings, not " + (k == null ? "null" : k.getClass().getName()));
      }
      Texts.checkNoNul(name(), s);
      return s;
    }

    private String value(Object v) {
      if (v != null && !(v instanceof String)) {
        throw new CodecException("hstore: values must be Strings or null, not " + v.getClass().getName());
      }
      if (v != null) {
        Texts.checkNoNul(name(), (String) v);
      }
      return (String) v;
    }

    private void quote(StringBuilder sb, String s) {
      sb.append('"');
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '"' || c == '\\') {
          sb.append('\\');
        }
        sb.append(c);
      }
      sb.append('"');
    }

    @Override
    public boolean accepts(Object v) {
      return v instanceof Map;
    }
  };

  public static final Codec<float[]> VECTOR = new BaseCodec<>("vector", float[].class) {
    @Override
    public float[] decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      if (len < 4) {
        throw badBinary(len + " bytes");
      }
      int dim = ((buf[off] & 0xFF) << 8) | (buf[off + 1] & 0xFF);
      if (len != 4 + 4 * dim) {
        throw badBinary(dim + " dimensions in " + len + " bytes");
      }
      float[] out = new float[dim];
      for (int i = 0; i < dim; i++) {
        out[i] = Float.intBitsToFloat(WireReader.getInt(buf, off + 4 + 4 * i));
      }
      return out;
    }

    @Override
    public float[] decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      TextCursor c = new TextCursor(name(), buf, off, len);
      c.skipSpaces();
      c.expect('[');
      float[] out = new float[16];
      int n = 0;
      do {
        c.skipSpaces();
        int start = c.pos;
        while (!c.atEnd() && c.peek() != ',' && c.peek() != ']') {
          c.next();
        }
        if (n == out.length) {
          out = java.util.Arrays.copyOf(out, n * 2);
        }
        out[n++] = (float) Floats.parse(this, buf, start, c.pos - start, true);
      } while (c.eat(','));
      c.expect(']');
      c.skipSpaces();
      c.expectEnd();
      return java.util.Arrays.copyOf(out, n);
    }

    @Override
    public void encodeBinary(float[] value, WireWriter out, TypeContext ctx) {
      check(value);
      out.int16(value.length).int16(0);
      for (float f : value) {
        out.int32(Float.floatToRawIntBits(f));
      }
    }

    @Override
    public String encodeText(float[] value, TypeContext ctx) {
      check(value);
      StringBuilder sb = new StringBuilder("[");
      for (int i = 0; i < value.length; i++) {
        if (i > 0) {
          sb.append(',');
        }
        sb.append(value[i]);
      }
      return sb.append(']').toString();
    }

    private void check(float[] v) {
      if (v.length < 1 || v.length > VECTOR_MAX_DIM) {
        throw new CodecException("vector: " + v.length + " dimensions; pgvector takes 1 to " + VECTOR_MAX_DIM);
      }
      for (float f : v) {
        if (Float.isNaN(f) || Float.isInfinite(f)) {
          throw new CodecException("vector: " + f + " is not allowed; pgvector values are finite");
        }
      }
    }
  };
}
