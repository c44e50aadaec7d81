package io.sluice.internal.requests;

import io.sluice.ValueException;
import io.sluice.protocol.BindWriter;
import io.sluice.protocol.WireWriter;
import io.sluice.types.ParameterCodec;
import io.sluice.types.TypeContext;

/**
 * A query's parameter values as Bind carries them: binary where the codec has a binary form and
 * the server was told the type, text otherwise; each encoded straight into the output buffer by
 * {@link BindWriter}. A value its codec cannot encode is a {@link ValueException} naming it.
 */
final class BoundParameters implements BindWriter.Parameters {
  private final Object[] values;
  private final ParameterCodec[] codecs;
  private final TypeContext types;

  BoundParameters(Object[] values, ParameterCodec[] codecs, TypeContext types) {
    this.values = values;
    this.codecs = codecs;
    this.types = types;
  }

  @Override
  public int count() {
    return values.length;
  }

  @Override
  public int formatCount() {
    return values.length;
  }

  @Override
  public short format(int i) {
    return (short) (binary(i) ? 1 : 0);
  }

  private boolean binary(int i) {
    return values[i] != null && codecs[i].oid() != 0 && codecs[i].binary();
  }

  @Override
  public boolean isNull(int i) {
    return values[i] == null;
  }

  @Override
  public void write(int i, WireWriter out) {
    Object v = values[i];
    ParameterCodec pc = codecs[i];
    try {
      if (binary(i)) {
        pc.encodeBinary(v, out, types);
      } else if (v instanceof String s) {
        out.utf8(s);
      } else {
        out.utf8(pc.encodeText(v, types));
      }
    } catch (io.sluice.types.CodecException | io.sluice.protocol.ProtocolException e) {
      throw new ValueException("parameter $" + (i + 1) + ": " + e.getMessage(), e);
    }
  }
}
