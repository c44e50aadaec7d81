package io.sluice.internal.engine;

import io.sluice.SluiceException;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.TransactionStatus;
import io.sluice.protocol.WireWriter;

/**
 * One unit of work for the {@link RequestEngine}, as the protocol sees it: the messages it writes
 * (ending in one or more Syncs) and a handler for the replies, which arrive in order. The engine
 * calls {@link #encode} once, under its output lock; then {@link #onMessage} for each reply that is not asynchronous
 * (notices, notifications and parameter changes are handled by the engine), and {@link #onReady}
 * for each ReadyForQuery. The request is complete after its last ReadyForQuery.
 *
 * <p>Handlers run on whichever caller thread is reading at the time, so they only copy bytes and
 * record state; user code runs on the owner's thread, except for requests that {@link
 * #readsItself() read themselves}.
 *
 * <p>Where the request stands, its outcome and who waits for it are the engine's, kept by its
 * superclass {@link InFlight} and changed only through its transitions.
 */
public abstract class Request extends InFlight {
  /** {@code waited}: the creating thread waits for it (its owner); else it is fire-and-forget. */
  protected Request(boolean waited) {
    super(waited);
  }

  /** Appends this request's messages, ending with Sync; returns how many Syncs it wrote. */
  protected abstract int encode(WireWriter out);

  /**
   * The replies this request may get, in order; the engine checks each one here before {@link
   * #onMessage}, so a handler only ever sees a reply in its place.
   */
  protected abstract ReplyOrder replyOrder();

  /**
   * Whether the server answers this request's first message before acting on anything it asked
   * (Parse, Bind, Describe and Close each get their own reply): then a connection-fatal error that
   * arrives before any reply of this request proves the server never started it. Not so for a
   * simple Query, whose statement may have run when the first reply is an error.
   */
  protected boolean answersBeforeActing() {
    return false;
  }

  /** A reply for this request (not ReadyForQuery, not an asynchronous message). */
  protected abstract void onMessage(byte type, FrameReader frame);

  /** A ReadyForQuery for this request, with the transaction status it reports. */
  protected void onReady(TransactionStatus transactionStatus) {}

  /**
   * Whether only the owner thread may read this request's replies, because it hands rows to user
   * code as they arrive (streaming). The engine then passes the reading role to the owner.
   */
  protected boolean readsItself() {
    return false;
  }

  /**
   * Whether a transaction's deferred BEGIN may be written in front of this request, without a Sync
   * between them: true for extended-protocol requests with a single Sync whose owner sees their
   * failure, so that a failed BEGIN makes the server skip all of the request.
   */
  protected boolean acceptsBegin() {
    return false;
  }

  /**
   * Told that a deferred BEGIN, savepoint or both ({@code statements} of them) were written in
   * front of this request (only when it {@link #acceptsBegin()}).
   */
  protected void expectBegin(int statements) {
    throw new IllegalStateException(getClass().getSimpleName() + " does not take a BEGIN in front of it");
  }

  /**
   * Whether nothing may be written after this request until it completes (a portal kept open
   * across Flush, COPY, a pinned session).
   */
  protected boolean exclusive() {
    return false;
  }

  /**
   * Whether this request commits a transaction block (a {@code COMMIT}): what a {@link Trailer}
   * armed for a transaction follows.
   */
  protected boolean commits() {
    return false;
  }

  /**
   * Rows the request returned or affected, for events: its command tag's count where the tag has
   * one, else the rows seen. Read by the owner once the request is done.
   */
  public long rowCount() {
    return 0;
  }

  /** The count in {@code tag} ({@code SELECT 3}, {@code UPDATE 2}), or {@code seen} when it has none. */
  public static long rowCount(String tag, long seen) {
    long n = io.sluice.protocol.CommandTags.rowCount(tag);
    return n >= 0 ? n : seen;
  }

  /** The connection failed before this request completed (or it could not be sent). */
  protected void onFailure(SluiceException e) {}

  @Override
  final void failing(SluiceException e) {
    onFailure(e);
  }
}
