package io.sluice.internal.jfr;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** One attempt to open a session on one host. */
@Name("io.sluice.Connect")
@Label("Sluice Connect")
@Description("An attempt to open a session: host, TLS, authentication and outcome")
final class ConnectEvent extends OutcomeEvent {
  @Label("User")
  String user;

  @Label("TLS Requested")
  boolean tlsRequested;

  @Label("TLS Protocol")
  @Description("The TLS protocol in use, empty without TLS (sslmode=prefer against a server without TLS: requested, none)")
  String tlsProtocol;

  @Label("Authentication")
  String authentication;
}
