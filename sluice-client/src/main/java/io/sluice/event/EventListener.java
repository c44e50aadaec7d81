package io.sluice.event;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionConfigBuilder;
import io.sluice.Notifications;
import io.sluice.Pool;

/**
 * Receives what Sluice does, for tracing, metrics and logs: statements, batches, COPY, connection
 * attempts, pool activity, transactions and reconnections of a {@link Notifications}. Set it in the
 * configuration ({@link ConnectionConfig#withListener}, {@link ConnectionConfigBuilder#listener});
 * a {@link Pool} opened with that configuration reports its own events and those of every
 * connection it opens to the same listener.
 *
 * <p><b>Pairs.</b> Work with a duration comes as a start and an end. The start method runs on the
 * caller's thread before anything is sent, so that it can read the caller's context (a tracer's
 * current span); what it returns is an opaque token, handed back to the matching end method with
 * the end record, which also holds the start record. Every start that was called gets exactly one
 * end, whatever happens, even when the start threw. Ends run on the caller's thread once the call
 * has its answer, so statements pipelined by many threads on one connection each end on their own
 * thread, with their own token.
 *
 * <p><b>Rules for implementations.</b> Every method has a default that does nothing; override
 * what you need. Be quick: the caller waits for you (and a pool's lock is never held while you
 * run). Be thread-safe: one listener serves every connection it is set on. Never use a Sluice
 * connection from inside a callback. A callback that throws does not change the outcome of the
 * work it reports: the exception (any {@code Throwable} but a {@link VirtualMachineError} such as
 * {@link OutOfMemoryError}, which propagates) is logged once per listener on {@code System.Logger}
 * {@code io.sluice.events} (WARNING, later ones at DEBUG) and otherwise ignored.
 *
 * <p><b>Cost.</b> With no listener set, nothing is measured and no event is made: the statement
 * path allocates nothing more than without this interface.
 */
public interface EventListener {
  /** A statement is about to run; returns a token for {@link #statementEnd} (may be null). */
  default Object statementStart(StatementStart start) {
    return null;
  }

  /** The statement of {@code token} ended. */
  default void statementEnd(Object token, StatementEnd end) {}

  /** A batch is about to run; returns a token for {@link #batchEnd}. */
  default Object batchStart(BatchStart start) {
    return null;
  }

  /** The batch of {@code token} ended. */
  default void batchEnd(Object token, BatchEnd end) {}

  /** A COPY is about to run; returns a token for {@link #copyEnd}. */
  default Object copyStart(CopyStart start) {
    return null;
  }

  /** The COPY of {@code token} ended. */
  default void copyEnd(Object token, CopyEnd end) {}

  /** An attempt to open a session on one host begins; returns a token for {@link #connectEnd}. */
  default Object connectStart(ConnectStart start) {
    return null;
  }

  /** The connection attempt of {@code token} ended. */
  default void connectEnd(Object token, ConnectEnd end) {}

  /**
   * A caller asks a pool for a connection (every time, whether it waits or not); returns a token
   * for {@link #acquireEnd}.
   */
  default Object acquireStart(AcquireStart start) {
    return null;
  }

  /** The acquisition of {@code token} ended: acquired, timed out, interrupted or failed. */
  default void acquireEnd(Object token, AcquireEnd end) {}

  /** A pool opened, evicted or retired a connection, or failed to open one (see {@link PoolEvent.Kind}). */
  default void pool(PoolEvent event) {}

  /** A transaction begins; returns a token for {@link #transactionEnd}. */
  default Object transactionStart(TransactionStart start) {
    return null;
  }

  /** The transaction of {@code token} ended (committed, rolled back, retrying, lost). */
  default void transactionEnd(Object token, TransactionEnd end) {}

  /** A LISTEN/NOTIFY {@link Notifications} lost its connection and listens again on a new one. */
  default void notificationsReconnected(NotificationsReconnect event) {}

  /** A server of a routing pool's fleet came up, went down or changed role. */
  default void hostChanged(HostEvent event) {}

  /** A read of a {@code prefer-standby} routing pool ran on the primary: no standby was fit. */
  default void readOnPrimary(ReadOnPrimary event) {}

  /**
   * One listener telling each of {@code listeners} everything, in the order given, for a
   * configuration that holds one listener (tracing and metrics together, say). Each gets its own
   * tokens back; one that throws is logged once on its own, and the others still get the event.
   *
   * @throws IllegalArgumentException if a listener is null
   */
  static EventListener all(EventListener... listeners) {
    for (int i = 0; i < listeners.length; i++) {
      if (listeners[i] == null) {
        throw new IllegalArgumentException("EventListener.all: listener " + i + " of " + listeners.length + " is null");
      }
    }
    return io.sluice.internal.events.AllListeners.of(java.util.List.of(listeners));
  }
}
