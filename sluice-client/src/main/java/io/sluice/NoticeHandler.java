package io.sluice;

import io.sluice.event.ConnectionInfo;
import io.sluice.event.EventListener;

/**
 * Receives the server's notices on every connection made with a configuration ({@link
 * ConnectionConfig#withNoticeHandler}), a pool's included. Without one, notices are logged at
 * DEBUG on {@code System.Logger} {@code io.sluice.connection}. {@link Notices#route} replaces the
 * handler of one open connection.
 *
 * <p>Runs on the thread reading the connection's replies, between two messages: be quick, never
 * block, never use the connection. A handler that throws is logged once (as a {@link
 * EventListener} is) and does not break the statement that was running.
 */
@FunctionalInterface
public interface NoticeHandler {
  /** A notice arrived on the session {@code connection}. */
  void notice(Notice notice, ConnectionInfo connection);
}
