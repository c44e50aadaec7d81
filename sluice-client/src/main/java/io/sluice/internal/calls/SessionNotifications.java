package io.sluice.internal.calls;

import io.sluice.Connection;
import io.sluice.Notification;
import io.sluice.protocol.TransactionStatus;
import java.util.function.Consumer;

/**
 * The NotificationResponses (LISTEN/NOTIFY) a connection receives on its own session, for the JDBC
 * driver's pgjdbc-style {@code getNotifications} (this package is exported to {@code io.sluice.jdbc}
 * only). Applications listen with {@link io.sluice.Notifications}, a connection of its own that
 * always reads; a connection that runs statements sees a notification only when it reads: in the
 * replies of its statements, or when asked here.
 */
public final class SessionNotifications {
  private SessionNotifications() {}

  /**
   * Sends each notification to {@code handler}, replacing the previous handler; null drops them.
   * The handler runs on the thread that reads the connection's replies, between two messages: keep
   * it quick, never block in it, and never use the connection from it.
   */
  public static void route(Connection connection, Consumer<Notification> handler) {
    Connections.core(connection).statements().server().onNotification(handler == null ? n -> {}
        : n -> handler.accept(new Notification(n.channel(), n.payload(), n.processId())));
  }

  /**
   * When nothing is in flight, reads what the server sent meanwhile, without blocking; false when
   * the connection is found closed. Notifications go to the handler.
   */
  public static boolean readArrived(Connection connection) {
    return Connections.core(connection).checkIdle();
  }

  /**
   * Blocks until the server sends something, or the connection fails or is closed (which is how a
   * waiter is woken: nothing else ends it); what came is left for {@link #readArrived} or the next
   * statement's reader. Runs on a thread of its own, so that the caller can stop waiting at its
   * timeout. Returns false at once, without waiting, while statements are in flight: their readers
   * hand the notifications that come with their replies to the handler.
   */
  public static boolean awaitInput(Connection connection) {
    return Connections.core(connection).statements().engine().awaitInput();
  }

  /**
   * Whether the session is outside a transaction block: the server sends a backend's
   * notifications only then (PostgreSQL's {@code ProcessNotifyInterrupt}, on going idle).
   */
  public static boolean idle(Connection connection) {
    return Connections.core(connection).transactionStatus() == TransactionStatus.IDLE;
  }
}
