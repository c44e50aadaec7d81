/** Micrometer meters from Sluice's events (a SluiceListener) and from a pool's snapshots (MeterBinders). */
module io.sluice.micrometer {
  requires transitive io.sluice.client;
  requires transitive micrometer.core;
  exports io.sluice.micrometer;
}
