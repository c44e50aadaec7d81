package io.sluice.jdbc.internal;

import io.sluice.Transaction;
import io.sluice.TxOptions;
import java.sql.SQLException;

/**
 * Where a {@link SluiceConnection}'s statements run: one server session for the connection's
 * life ({@link OneSession}), or, over a routing pool, a session taken for each transaction and
 * each auto-commit statement ({@link RoutedSessions}). The connection asks for the session in
 * {@link #run}, and begins and ends its transactions here, so that a routing implementation can
 * bind a session at a transaction's start and give it back at its end.
 */
interface Sessions {
  /** Work on the session bound for it. */
  @FunctionalInterface
  interface Work<T> {
    T run(io.sluice.Connection session) throws SQLException;
  }

  /**
   * Runs {@code work} on this thread's session: the one its transaction (or a result it streams)
   * holds, else one bound for the call — on the read route when {@code readOnly} — and given back
   * when it returns, unless a result it opened streams from it ({@link #streamOpened}). {@code
   * tracked}: nothing streams, so a routing pool may learn the WAL position behind it in the same
   * exchange.
   */
  <T> T run(boolean readOnly, boolean tracked, Work<T> work) throws SQLException;

  /** The session of this thread's call or transaction; only inside {@link #run} or a transaction. */
  io.sluice.Connection current();

  /** Begins this thread's transaction, on a session of the route {@code options} asks for. */
  Transaction begin(TxOptions options) throws SQLException;

  /** Runs {@code ending} (the COMMIT or ROLLBACK of this thread's transaction), then gives its session back. */
  void end(Runnable ending);

  /** A result of this thread's call streams from its session: it keeps the session until {@link #streamEnded}. */
  void streamOpened();

  /** The streamed result ended (read or closed): its session goes back, unless a transaction holds it. */
  void streamEnded();

  /** A server parameter ({@code ParameterStatus}) as a session of this connection reported it. */
  String parameter(String name);

  boolean isOpen();

  /**
   * What is known, without a round trip, of whether the route of work that is {@code readOnly}
   * (or not) is served now: {@link RouteHealth#UNKNOWN} when a server must be asked (a connection's
   * own session is tested only by using it).
   */
  RouteHealth health(boolean readOnly);

  /** Cancels what this connection's sessions are running (a CancelRequest). */
  void cancel();

  /** Gives back or closes every session; an open transaction is rolled back. */
  void close();

  /**
   * The LISTEN/NOTIFY notifications its one session received; a connection whose sessions a
   * routing pool lends has no one session to listen on, which is a {@code 0A000}.
   */
  NotificationInbox notifications() throws SQLException;

  /** What {@code unwrap} reaches beside the connection: the Sluice connection, or the routing pool. */
  Object delegate();
}
