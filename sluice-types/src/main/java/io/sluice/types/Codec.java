package io.sluice.types;

import io.sluice.protocol.WireWriter;

/**
 * Converts one PostgreSQL type between its wire formats and one Java type. The request engine
 * calls a codec for every non-NULL value: NULL is handled by the caller (a length of -1) and a
 * codec never sees it.
 *
 * <p>Contract for implementations:
 * <ul>
 *   <li>Decoders are total over untrusted input: any malformed bytes or text throw
 *       {@link CodecException}, never {@code IndexOutOfBoundsException} or another runtime error.
 *       {@code buf[off, off + len)} is the whole value.
 *   <li>{@link #encodeBinary} appends only the value's bytes; the caller writes the int32 length
 *       in front and back-patches it. On failure the caller truncates the writer.
 *   <li>{@link #encodeText} returns what the server's input function accepts, whatever the
 *       session's DateStyle or IntervalStyle.
 *   <li>Codecs are immutable and thread-safe; session state comes from the {@link TypeContext}.
 * </ul>
 *
 * @param <T> the Java type values decode to and encode from
 */
public interface Codec<T> {
  /** The PostgreSQL type name ({@code pg_type.typname}), for messages. */
  String name();

  /** The Java type of decoded values; {@link #accepts} defaults to an instance check against it. */
  Class<T> javaType();

  /** Decodes the type's binary format (its {@code typsend} output). */
  T decodeBinary(byte[] buf, int off, int len, TypeContext ctx);

  /** Decodes the type's text format (its {@code typoutput}), UTF-8 encoded. */
  T decodeText(byte[] buf, int off, int len, TypeContext ctx);

  /** Appends the binary format (what {@code typreceive} reads) of a non-null value. */
  void encodeBinary(T value, WireWriter out, TypeContext ctx);

  /** The text format (what {@code typinput} reads) of a non-null value. */
  String encodeText(T value, TypeContext ctx);

  /** Whether {@link #decodeBinary} works; if not, results of this type are requested as text. */
  default boolean binaryDecodes() {
    return true;
  }

  /** Whether {@link #encodeBinary} works; if not, parameters of this type are sent as text. */
  default boolean binaryEncodes() {
    return true;
  }

  /** Whether this codec can encode {@code javaValue} (not null); used to pick a parameter codec. */
  default boolean accepts(Object javaValue) {
    return javaType().isInstance(javaValue);
  }
}
