package io.sluice.internal.pool;

import io.sluice.internal.calls.ConnectionCore;
import java.util.Map;

/**
 * The server parameters ({@code ParameterStatus}) the newest session a pool opened reported by the
 * end of its start-up (issue 36 §1): what {@code Pool.serverParameters()} answers without taking a
 * connection — sluice-jdbc's routing connections read {@code standard_conforming_strings} and
 * {@code server_version} here before any statement has bound them a session.
 */
final class KnownParameters {
  private volatile Map<String, String> last = Map.of();

  /** Records what {@code c} reported and returns it (for use inside a connection factory). */
  ConnectionCore seen(ConnectionCore c) {
    seen(c.statements().server().parameters());
    return c;
  }

  void seen(Map<String, String> parameters) {
    if (!parameters.isEmpty()) {
      last = Map.copyOf(parameters);
    }
  }

  /** The newest session's parameters; empty before the first. */
  Map<String, String> get() {
    return last;
  }
}
