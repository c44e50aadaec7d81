package io.sluice.lab.peers;

import io.sluice.bench.DriverProvider;
import io.sluice.bench.Drivers;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * tokio-postgres and pgx, the fastest clients of Rust and Go, as lab interfaces ({@link
 * CompiledPeer}). Found by {@link Drivers} through {@code META-INF/services}.
 */
public final class CompiledPeers implements DriverProvider {
  @Override
  public Map<String, Drivers.Factory> drivers() {
    Map<String, Drivers.Factory> out = new LinkedHashMap<>();
    for (CompiledPeer.Peer peer : CompiledPeer.Peer.values()) {
      out.put(peer.driverName(), target -> CompiledPeer.open(target, peer));
    }
    return out;
  }
}
