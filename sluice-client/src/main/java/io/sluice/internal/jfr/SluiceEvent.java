package io.sluice.internal.jfr;

import io.sluice.event.ConnectionInfo;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;

/** What every Sluice JFR event about one session says of it (from {@link ConnectionInfo}). */
@Category({"Database", "Sluice"})
abstract class SluiceEvent extends jdk.jfr.Event {
  @Label("Host")
  @Description("The server's host name or address, or the Unix socket's directory")
  String host;

  @Label("Port")
  int port;

  @Label("Database")
  String database;

  @Label("Backend PID")
  @Description("The server process serving the session, 0 when unknown")
  int backendPid;

  /** Fills the session's fields; {@code connection} may be null (nothing is filled). */
  void on(ConnectionInfo connection) {
    if (connection != null) {
      host = connection.address();
      port = connection.port();
      database = connection.database();
      backendPid = connection.processId();
    }
  }
}
