package io.sluice.internal;

import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireWriter;
import io.sluice.types.ParameterCodec;
import io.sluice.types.TypeContext;

/**
 * Several described statements sent together before one Sync: the server runs them in one
 * implicit transaction, so they all apply or none does. Replies are routed to each statement's
 * sink in order; after an error the server skips to the Sync, and {@link #failedAt} says which
 * statement failed.
 */
final class BatchRequest extends Request {
  private final Statement[] statements;
  private final Object[][] params;
  private final ParameterCodec[][] codecs;
  private final RowSink[] sinks;
  private final TypeContext types;
  final String[] tags;
  private int current;
  int failedAt = -1;

  BatchRequest(Statement[] statements, Object[][] params, ParameterCodec[][] codecs, RowSink[] sinks,
      TypeContext types) {
    super(true);
    this.statements = statements;
    this.params = params;
    this.codecs = codecs;
    this.sinks = sinks;
    this.types = types;
    this.tags = new String[statements.length];
  }

  @Override
  protected int encode(WireWriter out) {
    for (int i = 0; i < statements.length; i++) {
      Statement st = statements[i];
      if (st.unnamed()) {
        new FrontendMessage.Parse("", st.key.sql(), st.key.declaredTypes()).encode(out);
      }
      try {
        QueryRequest.encodeBind(out, st, params[i], codecs[i], types);
      } catch (io.sluice.ValueException e) {
        throw new io.sluice.ValueException("statement " + (i + 1) + " of the batch: " + e.getMessage(), e);
      }
      new FrontendMessage.Execute("", 0).encode(out);
    }
    FrontendMessage.Sync.INSTANCE.encode(out);
    return 1;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case 'D' -> sinks[current].row(frame.buffer(), frame.bodyOffset(), frame.bodyLength());
      case 'C' -> tags[current++] = Utf8.decode(frame.buffer(), frame.bodyOffset(), Math.max(0, frame.bodyLength() - 1));
      case 'I' -> tags[current++] = "";
      case 'E' -> failedAt = current;
      case '1', '2', 'n', 's', 'T' -> { /* ParseComplete, BindComplete */ }
      default -> throw Unexpected.message(type, "running a batch");
    }
  }

  @Override
  protected boolean acceptsBegin() {
    return true;
  }
}
