package io.sluice.replication;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * A running logical replication stream ({@code START_REPLICATION … LOGICAL}, CopyBoth). A reader
 * thread takes messages off the socket, answers the server's keepalives, decodes pgoutput into
 * {@link Change}s and puts them in a bounded buffer; the application takes them with
 * {@link #poll} or {@link #forEach} and says what it has durably handled with {@link #ack}. A
 * timer reports the positions to the server every {@link StreamOptions#statusInterval}, whether
 * or not the application is keeping up, so a slow consumer slows the stream (the buffer fills, the
 * reader stops reading, the server waits) without the server timing the session out.
 *
 * <h2>The acknowledgement contract</h2>
 * The server is told that everything up to the acknowledged position is flushed, and never more
 * (once everything delivered is acknowledged, an idle stream's position moves on with the server's
 * keepalives, since nothing lies between). PostgreSQL restarts a slot at a transaction boundary: a
 * transaction is skipped on restart when its commit lies before the start position, so acknowledge
 * {@link Change.Commit}s ({@link #ack(Change)} reports their end position). After any failure, start
 * again from {@link ChangeStreamException#lastAcknowledged()} ({@link StreamOptions#startAt}):
 * every acknowledged transaction is skipped, every other one is delivered again — at least once from
 * the last acknowledgement, never twice before it.
 *
 * <p>Blocking calls, made for virtual threads: {@link #poll} waits at most its timeout; {@link
 * #forEach} runs until {@link #close} (from the callback or another thread) or a failure. Take
 * changes on one thread; {@link #ack}, {@link #close} and the getters may be called from any.
 */
public interface ChangeStream extends AutoCloseable {

  /**
   * The next change, waiting at most {@code timeout}; null if none came in that time.
   *
   * @throws ChangeStreamException when the session failed (buffered changes are not handed out
   *     after a failure: their acknowledgements could no longer reach the server)
   * @throws IllegalStateException when the stream was closed
   */
  Change poll(Duration timeout);

  /**
   * Hands every change to {@code handler}, in order, until {@link #close()} is called; under
   * {@link AckMode#ON_COMMIT} a commit is acknowledged when the handler returns from it. An
   * exception from the handler ends the loop and propagates; the stream stays open.
   */
  void forEach(Consumer<? super Change> handler);

  /**
   * Acknowledges everything up to {@code position}: the transactions that committed before it
   * will not be delivered again. Positions lower than an earlier acknowledgement are ignored.
   *
   * @throws IllegalArgumentException past anything delivered so far
   * @throws IllegalStateException once the stream has ended — after {@link #close()} (its last status
   *     update has gone), or after {@link #poll}/{@link #forEach} threw the stream's failure (the
   *     {@link ChangeStreamException#lastAcknowledged()} it carried is then the resume position and does
   *     not move): no status update can carry the acknowledgement to the server any more. Resume from
   *     the last acknowledgement that counted, on a new session; the refused transaction comes again.
   *     (Acknowledgements made after the session failed but before the application heard of it still
   *     count: they move the position the failure reports, since {@link StreamOptions#startAt} makes
   *     the server skip them.)
   */
  void ack(Lsn position);

  /**
   * Acknowledges a {@link Change.Commit} or {@link Change.StreamCommit} (its end position), a
   * non-transactional {@link Change.Message}, or, with two-phase decoding, a {@link Change.Prepare},
   * {@link Change.StreamPrepare}, {@link Change.CommitPrepared} or {@link Change.RollbackPrepared},
   * with everything before it.
   *
   * @throws IllegalArgumentException for any other change: a slot restarts only at transaction
   *     boundaries, so a change inside a transaction cannot be acknowledged alone
   * @throws IllegalStateException once the stream has ended, as {@link #ack(Lsn)}
   */
  void ack(Change change);

  /** The position acknowledged so far. */
  Lsn acknowledged();

  /** The last position the server reported (data or keepalive). */
  Lsn received();

  /** Sends a standby status update now, instead of at the next tick. */
  void reportStatus();

  /** How many decoded changes wait in the buffer. */
  int bufferedMessages();

  /** How many bytes of changes wait in the buffer. */
  long bufferedBytes();

  /** The stream's counters, as of now. */
  StreamStats stats();

  /** pgoutput's protocol version in use. */
  int protocolVersion();

  /**
   * Ends the stream: a last status update, CopyDone, and the server's CopyDone and ReadyForQuery
   * awaited (bounded), after which the {@link ReplicationConnection} accepts commands again.
   * Changes still buffered are dropped (they were not acknowledged: they are delivered again).
   */
  @Override
  void close();
}
