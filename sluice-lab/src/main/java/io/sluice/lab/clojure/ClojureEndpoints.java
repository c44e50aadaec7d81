package io.sluice.lab.clojure;

import io.sluice.lab.http.Endpoint;
import io.sluice.lab.http.EndpointProvider;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Seed 001's own stack for the lab's HTTP cases ({@code sluice.lab-http}): a Ring handler on Jetty
 * over Sluice's Clojure API and {@code sluice.ring}, against org.clojure/java.jdbc with HikariCP.
 * Found by {@link io.sluice.lab.http.HttpBench} through {@code META-INF/services} when this module
 * is on the class path, as it is for {@code bin/sluice lab}.
 */
public final class ClojureEndpoints implements EndpointProvider {
  @Override
  public Map<String, Endpoint.Factory> endpoints() {
    Map<String, Endpoint.Factory> out = new LinkedHashMap<>();
    ClojureDrivers.factories("sluice.lab-http")
        .forEach((name, open) -> out.put(name, target -> (Endpoint) open.invoke(target)));
    return out;
  }
}
