package io.sluice.internal.requests;

import io.sluice.internal.rows.RowSink;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ReplyBodies;
import io.sluice.protocol.WireWriter;
import io.sluice.types.ParameterCodec;
import io.sluice.types.TypeContext;

/**
 * Several described statements sent together before one Sync: the server runs them in one
 * implicit transaction, so they all apply or none does. Replies are routed to each statement's
 * sink in order; after an error the server skips to the Sync, and {@link #failedAt()} says which
 * statement failed.
 */
public final class BatchRequest extends ExtendedRequest {
  private final ServerStatement[] statements;
  private final Object[][] params;
  private final ParameterCodec[][] codecs;
  private final RowSink[] sinks;
  private final TypeContext types;
  private final String[] tags;
  private int current;
  /** Rows of the current statement so far. */
  private int rows;
  private int failedAt = -1;

  public BatchRequest(ServerStatement[] statements, Object[][] params, ParameterCodec[][] codecs, RowSink[] sinks,
      TypeContext types) {
    super(true);
    this.statements = statements;
    this.params = params;
    this.codecs = codecs;
    this.sinks = sinks;
    this.types = types;
    this.tags = new String[statements.length];
  }

  /** Statement {@code i}'s CommandComplete tag; null if it did not complete. */
  public String tag(int i) {
    return tags[i];
  }

  /** The index of the statement that failed, or -1 when none did. */
  public int failedAt() {
    return failedAt;
  }

  @Override
  protected int encode(WireWriter out) {
    for (int i = 0; i < statements.length; i++) {
      try {
        QueryRequest.encodeStatement(out, statements[i], params[i], codecs[i], types, replies);
      } catch (io.sluice.ValueException e) {
        throw new io.sluice.ValueException("statement " + (i + 1) + " of the batch: " + e.getMessage(), e);
      }
    }
    FrontendMessage.Sync.INSTANCE.encode(out);
    replies.expect(ExtendedReplies.Step.SYNC);
    return 1;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.DATA_ROW -> {
        ReplyBodies.checkDataRow(frame, statements[current].layout().size());
        rows++;
        if (sinks[current].frame(frame.buffer(), frame.bodyOffset(), frame.bodyLength())) {
          frame.keep();
        }
      }
      case BackendTag.COMMAND_COMPLETE -> {
        String tag = ReplyBodies.commandTag(frame);
        ReplyBodies.checkRowCount(tag, rows, statements[current].layout().size());
        rows = 0;
        tags[current++] = tag;
      }
      case BackendTag.EMPTY_QUERY_RESPONSE -> tags[current++] = ReplyBodies.emptyQuery(statements[current].layout().size());
      case BackendTag.ERROR_RESPONSE -> failedAt = current;
      default -> { /* ParseComplete, BindComplete: in order, checked */ }
    }
  }

  @Override
  protected boolean acceptsBegin() {
    return true;
  }

  @Override
  public long rowCount() {
    long n = 0;
    for (String tag : tags) {
      n += tag == null ? 0 : rowCount(tag, 0);
    }
    return n;
  }
}
