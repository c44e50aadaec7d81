package io.sluice.types;

import io.sluice.protocol.WireWriter;

/**
 * The type and codec chosen for a parameter value by {@link TypeRegistry#codecForValue}: the OID
 * goes into Parse (0 lets the server infer the type), the codec writes the value into Bind.
 */
public record ParameterCodec(int oid, Codec<?> codec) {
  /** Whether the value goes in binary format; if not, {@link #encodeText} supplies it. */
  public boolean binary() {
    return codec.binaryEncodes();
  }

  @SuppressWarnings("unchecked")
  public void encodeBinary(Object value, WireWriter out, TypeContext ctx) {
    ((Codec<Object>) codec).encodeBinary(value, out, ctx);
  }

  @SuppressWarnings("unchecked")
  public String encodeText(Object value, TypeContext ctx) {
    return ((Codec<Object>) codec).encodeText(value, ctx);
  }
}
