package io.sluice.lab.fleet;

import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Row;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import java.util.Map;

/**
 * Sluice's routing pool over the fleet: writes on the pool, reads on {@code pool.readOnly()},
 * {@code read_routing=prefer-standby}, with {@code read_your_writes} on or off.
 */
final class SluiceFleetClient extends FleetClient {
  private final boolean readYourWrites;
  private final Pool pool;

  SluiceFleetClient(String conninfo, boolean readYourWrites) {
    this.readYourWrites = readYourWrites;
    this.pool = Pool.open(ConnectionConfig.parse(conninfo).with(Map.of("read_routing", "prefer-standby",
        "read_your_writes", readYourWrites ? "on" : "off")), PoolOptions.DEFAULT.maxSize(FleetReads.POOL_SIZE));
  }

  @Override
  public String name() {
    return readYourWrites ? "sluice" : "sluice-ryw-off";
  }

  @Override
  public String description() {
    return "Sluice Pool, read_routing=prefer-standby, read_your_writes=" + (readYourWrites ? "on" : "off")
        + ", max " + FleetReads.POOL_SIZE + " connections per server; reads on pool.readOnly()";
  }

  @Override
  void write(long id) {
    pool.execute(FleetReads.INSERT, id);
  }

  @Override
  Read read(long id) {
    Row r = pool.readOnly().query(FleetReads.SELECT, id).get(0);
    return new Read(r.getLong(0) == 1, r.getBoolean(1));
  }

  /** Sluice says it: every {@code SluiceException} carries its outcome. */
  @Override
  Outcome outcome(Exception e) {
    return e instanceof SluiceException s ? s.outcome() : Outcome.UNKNOWN;
  }

  @Override
  public void close() {
    pool.close();
  }
}
