package io.sluice.internal.calls;

import io.sluice.Connection;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The server's notices (NoticeResponse: warnings, {@code RAISE NOTICE}, "table does not exist,
 * skipping") on a connection, as raw fields, for the JDBC driver's {@code SQLWarning}s (this
 * package is exported to {@code io.sluice.jdbc} only). Applications give a {@code NoticeHandler}
 * in the configuration. Without a handler they are logged at DEBUG.
 */
public final class Notices {
  private Notices() {}

  /**
   * Sends each notice's fields (keyed by their one-letter codes, see {@link
   * io.sluice.protocol.ErrorFields}) to {@code handler}, replacing the previous handler. The
   * handler runs on the thread that reads the connection's replies, between two messages: keep it
   * quick, never block in it, and never use the connection from it. A null handler logs them again.
   */
  public static void route(Connection connection, Consumer<Map<Character, String>> handler) {
    Connections.core(connection).statements().server().onNotice(handler);
  }
}
