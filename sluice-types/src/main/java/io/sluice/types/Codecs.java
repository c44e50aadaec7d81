package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.util.Objects;
import java.util.function.Function;

/** Building codecs from other codecs, for user types. */
public final class Codecs {
  private Codecs() {}

  /**
   * A codec for {@code B} that converts to and from the values of {@code codec}: for instance a Java
   * record from a registered composite type's {@link Composite}, or a wrapper type from text.
   */
  public static <A, B> Codec<B> map(Codec<A> codec, Class<B> type, Function<? super A, ? extends B> decode,
      Function<? super B, ? extends A> encode) {
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(decode, "decode");
    Objects.requireNonNull(encode, "encode");
    return new BaseCodec<>(codec.name(), type) {
      @Override
      public B decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
        return decode.apply(codec.decodeBinary(buf, off, len, ctx));
      }

      @Override
      public B decodeText(byte[] buf, int off, int len, TypeContext ctx) {
        return decode.apply(codec.decodeText(buf, off, len, ctx));
      }

      @Override
      public void encodeBinary(B value, WireWriter out, TypeContext ctx) {
        codec.encodeBinary(encode.apply(value), out, ctx);
      }

      @Override
      public String encodeText(B value, TypeContext ctx) {
        return codec.encodeText(encode.apply(value), ctx);
      }

      @Override
      public boolean binaryDecodes() {
        return codec.binaryDecodes();
      }

      @Override
      public boolean binaryEncodes() {
        return codec.binaryEncodes();
      }
    };
  }

  /**
   * A codec for {@code type} that the server reads and writes as text only: {@code parse} turns
   * the type's output text into a value, {@code format} a value into text its input function
   * accepts. For a type given by name in the configuration (an extension type, an enum).
   */
  public static <T> Codec<T> text(String typeName, Class<T> type, Function<String, ? extends T> parse,
      Function<? super T, String> format) {
    return map(Texts.textOnly(typeName), type, parse, format);
  }

  /** A domain: its base type's codec, looked up when used (the base may be registered later). */
  static final class DomainCodec implements Codec<Object> {
    private final String name;
    private final int baseOid;
    private final TypeRegistry registry;

    DomainCodec(String name, int baseOid, TypeRegistry registry) {
      this.name = name;
      this.baseOid = baseOid;
      this.registry = registry;
    }

    @SuppressWarnings("unchecked")
    private Codec<Object> base() {
      Codec<?> c = registry.codecFor(baseOid);
      if (c == null) {
        throw new CodecException("domain " + name + ": no codec for its base type (OID " + baseOid + ")");
      }
      return (Codec<Object>) c;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Class<Object> javaType() {
      Codec<?> c = registry.codecFor(baseOid);
      return c == null ? Object.class : (Class<Object>) c.javaType();
    }

    @Override
    public Object decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      return base().decodeBinary(buf, off, len, ctx);
    }

    @Override
    public Object decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return base().decodeText(buf, off, len, ctx);
    }

    @Override
    public void encodeBinary(Object value, WireWriter out, TypeContext ctx) {
      Elements.encodeBinary(baseOid, base(), value, out, ctx);
    }

    @Override
    public String encodeText(Object value, TypeContext ctx) {
      return Elements.encodeText(baseOid, base(), value, ctx);
    }

    @Override
    public boolean binaryDecodes() {
      Codec<?> c = registry.codecFor(baseOid);
      return c != null && c.binaryDecodes();
    }

    @Override
    public boolean binaryEncodes() {
      Codec<?> c = registry.codecFor(baseOid);
      return c != null && c.binaryEncodes();
    }

    @Override
    public boolean accepts(Object v) {
      Codec<?> c = registry.codecFor(baseOid);
      return c != null && c.accepts(v);
    }

    @Override
    public String toString() {
      return "Codec[domain " + name + " over OID " + baseOid + "]";
    }
  }
}
