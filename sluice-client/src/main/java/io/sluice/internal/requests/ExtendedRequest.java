package io.sluice.internal.requests;

import io.sluice.internal.engine.ReplyOrder;
import io.sluice.internal.engine.Request;

/**
 * A request in the extended query protocol. It records each message it writes in {@link #replies},
 * and the replies must answer them in order. Its first message (Parse, Bind, Describe or Close)
 * gets its own reply before the server acts on anything, so a connection-fatal error before any
 * reply proves the request never started.
 */
public abstract class ExtendedRequest extends Request {
  final ExtendedReplies replies = new ExtendedReplies();

  protected ExtendedRequest(boolean waited) {
    super(waited);
  }

  /** Records what the engine writes ahead of this request (a transaction's deferred BEGIN, an autosave). */
  @Override
  protected final void expectBegin(int statements) {
    replies.expectBegin(statements);
  }

  /** Whether the BEGIN written ahead of this request failed. */
  public final boolean beginFailed() {
    return replies.beginFailed();
  }

  @Override
  protected final ReplyOrder replyOrder() {
    return replies;
  }

  @Override
  protected final boolean answersBeforeActing() {
    return true;
  }
}
