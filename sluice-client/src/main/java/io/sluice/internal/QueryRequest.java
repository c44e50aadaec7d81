package io.sluice.internal;

import io.sluice.ValueException;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.WireWriter;
import io.sluice.types.ParameterCodec;
import io.sluice.types.TypeContext;

/**
 * Bind + Execute + Sync for a described statement (with Parse first in unnamed mode): one round
 * trip. Parameters are encoded straight into the output buffer, binary where the codec can, text
 * otherwise; rows are handed to the sink as raw DataRow bodies.
 */
final class QueryRequest extends Request {
  final Statement st;
  private final Object[] params;
  private final ParameterCodec[] codecs;
  private final TypeContext types;
  final RowSink sink;
  private final boolean streaming;
  String commandTag;
  int rowsSeen;

  QueryRequest(Statement st, Object[] params, ParameterCodec[] codecs, TypeContext types, RowSink sink,
      boolean streaming) {
    super(true);
    this.st = st;
    this.params = params;
    this.codecs = codecs;
    this.types = types;
    this.sink = sink;
    this.streaming = streaming;
  }

  @Override
  protected int encode(WireWriter out) {
    if (st.unnamed()) {
      new FrontendMessage.Parse("", st.key.sql(), st.key.declaredTypes()).encode(out);
    }
    encodeBind(out, st, params, codecs, types);
    encodeExecute(out);
    FrontendMessage.Sync.INSTANCE.encode(out);
    return 1;
  }

  /** Bind written field by field, parameters encoded in place with back-patched lengths. */
  static void encodeBind(WireWriter out, Statement st, Object[] params, ParameterCodec[] codecs, TypeContext types) {
    int n = params.length;
    if (n != st.parameterTypes.length) {
      throw new ValueException("the statement has " + st.parameterTypes.length + " parameter"
          + (st.parameterTypes.length == 1 ? "" : "s") + " but " + n + (n == 1 ? " was" : " were") + " given");
    }
    int at = out.begin((byte) 'B');
    out.cstring("").cstring(st.name);
    out.int16(n);
    for (int i = 0; i < n; i++) {
      out.int16(params[i] != null && codecs[i].oid() != 0 && codecs[i].binary() ? 1 : 0);
    }
    out.int16(n);
    for (int i = 0; i < n; i++) {
      Object v = params[i];
      if (v == null) {
        out.int32(-1);
        continue;
      }
      int lengthAt = out.skip(4);
      int start = out.size();
      ParameterCodec pc = codecs[i];
      try {
        if (pc.oid() != 0 && pc.binary()) {
          pc.encodeBinary(v, out, types);
        } else if (v instanceof String s) {
          out.bytes(io.sluice.protocol.Utf8.encode(s));
        } else {
          String text = pc.encodeText(v, types);
          out.bytes(io.sluice.protocol.Utf8.encode(text));
        }
      } catch (io.sluice.types.ValueException e) {
        throw new ValueException("parameter $" + (i + 1) + ": " + e.getMessage(), e);
      }
      out.putInt(lengthAt, out.size() - start);
    }
    short[] formats = st.resultFormats;
    out.int16(formats.length);
    for (short f : formats) {
      out.int16(f);
    }
    out.end(at);
  }

  private static void encodeExecute(WireWriter out) {
    int at = out.begin((byte) 'E');
    out.cstring("").int32(0);
    out.end(at);
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case 'D' -> {
        if (serverError == null) {
          rowsSeen++;
          sink.row(frame.buffer(), frame.bodyOffset(), frame.bodyLength());
        }
      }
      case 'C' -> commandTag = io.sluice.protocol.Utf8.decode(frame.buffer(), frame.bodyOffset(),
          Math.max(0, frame.bodyLength() - 1));
      case 'I' -> commandTag = "";
      case '1', '2', 'E', 'n', 's' -> { /* ParseComplete, BindComplete; errors kept by the engine */ }
      case 'T' -> { /* a description we did not ask for is harmless */ }
      default -> throw Unexpected.message(type, "running a query");
    }
  }

  @Override
  protected boolean readsItself() {
    return streaming;
  }

  @Override
  protected boolean acceptsBegin() {
    return true;
  }
}
