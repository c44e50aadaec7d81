package io.sluice.internal;

import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.WireWriter;
import java.util.List;

/**
 * Close + Sync for statements evicted from the cache. Nobody waits for it: whichever caller reads
 * next consumes its replies, and a failure (the statement was already gone) is of no consequence.
 */
final class CloseStatementRequest extends Request {
  private final List<Statement> statements;

  CloseStatementRequest(List<Statement> statements) {
    super(false);
    this.statements = statements;
  }

  @Override
  protected int encode(WireWriter out) {
    for (Statement s : statements) {
      new FrontendMessage.Close((byte) 'S', s.name).encode(out);
    }
    FrontendMessage.Sync.INSTANCE.encode(out);
    return 1;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    if (type != '3' && type != 'E') {
      throw Unexpected.message(type, "closing statements");
    }
  }
}
