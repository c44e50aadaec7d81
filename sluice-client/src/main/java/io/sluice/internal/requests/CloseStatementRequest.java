package io.sluice.internal.requests;

import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.FrontendTag;
import io.sluice.protocol.WireWriter;
import java.util.List;

/**
 * Close + Sync for statements evicted from the cache. Nobody waits for it: whichever caller reads
 * next consumes its replies, and a failure (the statement was already gone) is of no consequence.
 */
public final class CloseStatementRequest extends ExtendedRequest {
  private final List<ServerStatement> statements;

  public CloseStatementRequest(List<ServerStatement> statements) {
    super(false);
    this.statements = statements;
  }

  @Override
  protected int encode(WireWriter out) {
    for (ServerStatement s : statements) {
      new FrontendMessage.Close(FrontendTag.STATEMENT, s.name()).encode(out);
      replies.expect(ExtendedReplies.Step.CLOSE);
    }
    FrontendMessage.Sync.INSTANCE.encode(out);
    replies.expect(ExtendedReplies.Step.SYNC);
    return 1;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    // CloseComplete, or ErrorResponse (the statement was already gone): in order, checked
  }
}
