package io.sluice.types;

import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireWriter;

/**
 * The string-like types. text, varchar, bpchar, name, unknown, enums and citext send their
 * characters in both formats ({@code textsend}, {@code enum_send}); xml is read and written as
 * text only. Strings are UTF-8 (the client sets {@code client_encoding} to UTF8); decoding is
 * strict and a NUL character, which PostgreSQL cannot store, is refused on encoding.
 *
 * <p>{@link #CHAR} is the single-byte {@code "char"} type ({@code charout} in
 * src/backend/utils/adt/char.c): a byte 0 is the empty string, bytes 0x80-0xFF print as
 * {@code \ooo}; it maps to a String of zero or one character in U+0000-U+00FF.
 */
public final class Texts {
  private Texts() {}

  public static final Codec<String> TEXT = string("text");
  public static final Codec<String> VARCHAR = string("varchar");
  public static final Codec<String> BPCHAR = string("bpchar");
  public static final Codec<String> NAME = string("name");
  /** Literals of unresolved type ({@code select 'x'}) and parameters sent as "infer the type". */
  public static final Codec<String> UNKNOWN = string("unknown");
  public static final Codec<String> XML = textOnly("xml");

  /** A String codec for a type whose binary format is its text (enums, citext, domains of text). */
  public static Codec<String> string(String typeName) {
    return new StringCodec(typeName, true);
  }

  /** A String codec for a type read and written only in text format (xml, unknown extensions). */
  public static Codec<String> textOnly(String typeName) {
    return new StringCodec(typeName, false);
  }

  private static final class StringCodec extends BaseCodec<String> {
    private final boolean binary;

    StringCodec(String name, boolean binary) {
      super(name, String.class);
      this.binary = binary;
    }

    @Override
    public String decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      if (!binary) {
        throw new CodecException(name() + " is read in text format only");
      }
      return utf8(buf, off, len);
    }

    @Override
    public String decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return utf8(buf, off, len);
    }

    @Override
    public void encodeBinary(String value, WireWriter out, TypeContext ctx) {
      if (!binary) {
        throw new CodecException(name() + " is written in text format only");
      }
      writeUtf8(name(), value, out);
    }

    @Override
    public String encodeText(String value, TypeContext ctx) {
      checkNoNul(name(), value);
      return value;
    }

    @Override
    public boolean binaryDecodes() {
      return binary;
    }

    @Override
    public boolean binaryEncodes() {
      return binary;
    }
  }

  /** Appends a string as UTF-8; ASCII goes straight into the buffer without a temporary array. */
  static void writeUtf8(String type, String s, WireWriter out) {
    int n = s.length();
    int at = out.skip(n);
    byte[] a = out.array();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        out.truncate(at);
        throw nul(type);
      }
      if (c >= 0x80) {
        out.truncate(at);
        checkNoNul(type, s);
        out.bytes(utf8(type, s));
        return;
      }
      a[at + i] = (byte) c;
    }
  }

  /** Strict UTF-8 encoding: a lone surrogate is a {@link CodecException}. */
  static byte[] utf8(String type, String s) {
    try {
      return Utf8.encode(s);
    } catch (ProtocolException e) {
      throw new CodecException(type + ": " + e.getMessage(), e);
    }
  }

  /**
   * Refuses what no UTF-8 database can store: NUL, and lone surrogates (which have no UTF-8 form);
   * text-format encoders return a String, so the check happens here rather than at UTF-8 encoding.
   */
  static void checkNoNul(String type, String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        throw nul(type);
      }
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          throw new CodecException(type + ": a lone surrogate at index " + i + " has no UTF-8 form");
        }
      }
    }
  }

  private static CodecException nul(String type) {
    return new CodecException(type + ": a string with a NUL character (U+0000) cannot be stored in PostgreSQL");
  }

  public static final Codec<String> CHAR = new BaseCodec<>("char", String.class) {
    @Override
    public String decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 1);
      return single(buf[off] & 0xFF);
    }

    @Override
    public String decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      if (len == 0) {
        return "";
      }
      if (len == 4 && buf[off] == '\\' && octal(buf[off + 1]) && octal(buf[off + 2]) && octal(buf[off + 3])) {
        return single(((buf[off + 1] - '0') << 6) | ((buf[off + 2] - '0') << 3) | (buf[off + 3] - '0'));
      }
      if (len == 1 && buf[off] >= 0) {
        return single(buf[off]);
      }
      throw badText(buf, off, len, "\"char\" holds one byte");
    }

    @Override
    public void encodeBinary(String value, WireWriter out, TypeContext ctx) {
      out.int8(code(value));
    }

    @Override
    public String encodeText(String value, TypeContext ctx) {
      int c = code(value);
      if (c == 0) {
        return "";
      }
      return c < 0x80 ? value : "\\" + (c >> 6) + ((c >> 3) & 7) + (c & 7);
    }

    private static boolean octal(byte b) {
      return b >= '0' && b <= '7';
    }

    private static String single(int b) {
      return b == 0 ? "" : String.valueOf((char) b);
    }

    private int code(String value) {
      if (value.isEmpty()) {
        return 0;
      }
      if (value.length() == 1 && value.charAt(0) != 0 && value.charAt(0) <= 0xFF) {
        return value.charAt(0);
      }
      throw new CodecException("\"char\": holds one byte (a String of one character U+0001-U+00FF or empty), not \""
          + value + "\"");
    }
  };

  /** json as String, or through the session's {@link JsonCodec}; binary is the text ({@code json_send}). */
  public static final Codec<Object> JSON = new JsonText("json", false);
  /**
   * jsonb as String, or through the session's {@link JsonCodec}. Binary ({@code jsonb_send},
   * src/backend/utils/adt/jsonb.c): a version byte, 1, then the JSON text as the server prints it.
   */
  public static final Codec<Object> JSONB = new JsonText("jsonb", true);

  private static final class JsonText extends BaseCodec<Object> {
    private final boolean versioned;

    JsonText(String name, boolean versioned) {
      super(name, Object.class);
      this.versioned = versioned;
    }

    private static JsonCodec json(TypeContext ctx) {
      return ctx == null ? JsonCodec.STRING : ctx.json();
    }

    @Override
    public Object decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      if (versioned) {
        if (len < 1 || buf[off] != 1) {
          throw badBinary(len < 1 ? "no version byte" : "unsupported jsonb version " + buf[off]);
        }
        off++;
        len--;
      }
      return json(ctx).read(utf8(buf, off, len));
    }

    @Override
    public Object decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return json(ctx).read(utf8(buf, off, len));
    }

    @Override
    public void encodeBinary(Object value, WireWriter out, TypeContext ctx) {
      String text = json(ctx).write(value);
      if (versioned) {
        out.int8(1);
      }
      writeUtf8(name(), text, out);
    }

    @Override
    public String encodeText(Object value, TypeContext ctx) {
      String text = json(ctx).write(value);
      checkNoNul(name(), text);
      return text;
    }

    /** Any value: the session's JsonCodec decides what it can write. */
    @Override
    public boolean accepts(Object value) {
      return value != null;
    }
  }

  /** Results of a type with no codec: text format, as a String. */
  public static final Codec<String> FALLBACK = textOnly("(no codec)");
}
