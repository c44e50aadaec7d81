package io.sluice.internal.calls;

import io.sluice.Connection;

/**
 * The one way between a public {@link Connection} and its {@link ConnectionCore} for the parts
 * outside {@code io.sluice} (the pool makes connections from cores; the JDBC driver routes a
 * connection's notices). {@code Connection}'s constructor and core stay package-private rather
 * than public with internal types in their signatures: its static initialiser installs this
 * bridge instead (the JDK's "shared secrets" pattern, as {@code internal.rows.Rows} for rows).
 */
public final class Connections {
  /** Implemented by {@code io.sluice.Connection}. */
  public interface Bridge {
    Connection connection(ConnectionCore core);

    ConnectionCore core(Connection connection);
  }

  private static volatile Bridge installed;

  private Connections() {}

  /** Called once, by {@code Connection}'s static initialiser. */
  public static void install(Bridge bridge) {
    installed = bridge;
  }

  /** Makes sure the bridge is installed ({@code Connection} initialised), on the calling thread. */
  public static void ready() {
    bridge();
  }

  private static Bridge bridge() {
    Bridge b = installed;
    if (b == null) {
      try {
        Class.forName(Connection.class.getName(), true, Connections.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      b = installed;
      if (b == null) {
        throw new IllegalStateException("io.sluice.Connection did not install its bridge");
      }
    }
    return b;
  }

  /** The public connection over {@code core}: one per core, made where the core is opened. */
  public static Connection of(ConnectionCore core) {
    return bridge().connection(core);
  }

  public static ConnectionCore core(Connection connection) {
    return bridge().core(connection);
  }
}
