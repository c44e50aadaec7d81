package io.sluice.bench;

import java.util.Map;

/**
 * More interfaces for the lab from another module, found with {@link java.util.ServiceLoader}
 * when that module is on the class path: sluice-lab adds the Clojure interfaces (Sluice's Clojure
 * API and {@code org.clojure/java.jdbc}) this way; {@code bin/sluice lab} runs on sluice-lab's
 * main class path.
 */
public interface DriverProvider {
  /** Factories by interface name, in the order they should appear. */
  Map<String, Drivers.Factory> drivers();
}
