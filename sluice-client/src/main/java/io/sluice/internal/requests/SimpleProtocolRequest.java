package io.sluice.internal.requests;

import io.sluice.internal.engine.ReplyOrder;
import io.sluice.internal.engine.Request;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.WireWriter;

/**
 * A request sent as one simple-protocol Query: its replies follow the simple query flow ({@link
 * SimpleReplies}), including the COPY exchanges a statement in the string may start.
 */
abstract class SimpleProtocolRequest extends Request {
  final String sql;
  private final SimpleReplies replies = new SimpleReplies();

  protected SimpleProtocolRequest(String sql) {
    this(sql, true);
  }

  /** {@code waited}: as {@link Request#Request(boolean)}. */
  protected SimpleProtocolRequest(String sql, boolean waited) {
    super(waited);
    this.sql = sql;
  }

  @Override
  protected final int encode(WireWriter out) {
    new FrontendMessage.Query(sql).encode(out);
    return 1;
  }

  @Override
  protected final ReplyOrder replyOrder() {
    return replies;
  }
}
