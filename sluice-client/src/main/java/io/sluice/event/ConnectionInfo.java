package io.sluice.event;

import io.sluice.HostPort;

/**
 * Which session an event comes from: made once per connection (never per event), so that a
 * listener can fill OpenTelemetry's {@code server.address}, {@code server.port} and {@code
 * db.namespace} without asking the connection.
 *
 * @param host the endpoint the session is connected to
 * @param database the database ({@code dbname})
 * @param user the role logged in as
 * @param processId the server process serving the session (BackendKeyData), 0 if the server sent none
 */
public record ConnectionInfo(HostPort host, String database, String user, int processId) {
  /** The host name (or IP address) connected to, or the socket directory of a Unix socket. */
  public String address() {
    return switch (host) {
      case HostPort.Tcp t -> t.name().orElseGet(t::connectAddress);
      case HostPort.UnixSocket u -> u.directory().toString();
    };
  }

  /** The server's port (for a Unix socket, the port in its file name). */
  public int port() {
    return host.port();
  }
}
