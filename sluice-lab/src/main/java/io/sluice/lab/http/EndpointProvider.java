package io.sluice.lab.http;

import java.util.Map;

/**
 * More HTTP servers for the HTTP cases from another module, found with {@link
 * java.util.ServiceLoader}: sluice-lab adds the Clojure ones (seed 001's own stack) this way. The
 * servers of one provider are measured side by side (open together, their runs taking turns) and
 * closed before the next provider's open, so that the pools of all of them never hold connections
 * at once.
 */
public interface EndpointProvider {
  /** Factories by interface name, in report order. */
  Map<String, Endpoint.Factory> endpoints();
}
