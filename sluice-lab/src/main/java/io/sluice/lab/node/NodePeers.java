package io.sluice.lab.node;

import io.sluice.bench.DriverProvider;
import io.sluice.bench.Drivers;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Seed 004's peers that npm can install here, postgres.js and node-postgres, each a {@link
 * NodeDriver} on the lab's Node. Found by {@link Drivers} through {@code META-INF/services}. The
 * seed's own pglue and deno-postgres need Deno and its registries, which this machine does not
 * reach: the lab's report says so (in {@code Lab}).
 */
public final class NodePeers implements DriverProvider {
  @Override
  public Map<String, Drivers.Factory> drivers() {
    Map<String, Drivers.Factory> out = new LinkedHashMap<>();
    for (NodeDriver.Peer peer : NodeDriver.Peer.values()) {
      out.put(peer.driverName(), target -> NodeDriver.open(target, peer));
    }
    return out;
  }
}
