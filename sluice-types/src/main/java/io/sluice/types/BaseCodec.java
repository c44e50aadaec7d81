package io.sluice.types;

import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.Utf8;

/** Name, Java type and the error helpers every built-in codec shares. */
abstract class BaseCodec<T> implements Codec<T> {
  private final String name;
  private final Class<T> javaType;

  BaseCodec(String name, Class<T> javaType) {
    this.name = name;
    this.javaType = javaType;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Class<T> javaType() {
    return javaType;
  }

  @Override
  public String toString() {
    return "Codec[" + name + " <-> " + javaType.getSimpleName() + "]";
  }

  /** Fixed-width binary formats: anything but exactly {@code want} bytes is malformed. */
  final void expectLength(int len, int want) {
    if (len != want) {
      throw new CodecException(name + ": a binary value is " + want + " bytes, got " + len);
    }
  }

  final CodecException badBinary(String why) {
    return new CodecException(name + ": malformed binary value: " + why);
  }

  final CodecException badText(byte[] buf, int off, int len) {
    return badText(buf, off, len, null);
  }

  final CodecException badText(byte[] buf, int off, int len, String why) {
    return new CodecException(name + ": invalid text value \"" + preview(buf, off, len) + "\""
        + (why == null ? "" : ": " + why));
  }

  /** At most 60 characters of a value for an error message, control characters escaped. */
  static String preview(byte[] buf, int off, int len) {
    StringBuilder sb = new StringBuilder();
    int n = Math.min(len, 60);
    for (int i = 0; i < n; i++) {
      int c = buf[off + i] & 0xFF;
      if (c < 0x20 || c >= 0x7F) {
        sb.append(String.format("\\x%02x", c));
      } else {
        sb.append((char) c);
      }
    }
    if (n < len) {
      sb.append("...(").append(len).append(" bytes)");
    }
    return sb.toString();
  }

  /** Strict UTF-8 decoding with the failure reported as a {@link CodecException}. */
  final String utf8(byte[] buf, int off, int len) {
    try {
      return Utf8.decode(buf, off, len);
    } catch (ProtocolException e) {
      throw new CodecException(name + ": " + e.getMessage(), e);
    }
  }

  /** The bytes the text parser sees, as Latin-1 (every ASCII byte is one char). */
  static String ascii(byte[] buf, int off, int len) {
    return new String(buf, off, len, java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
