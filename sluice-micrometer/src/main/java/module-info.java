/** Micrometer meters and Observations from Sluice's events (SluiceListeners) and from a pool's snapshots (MeterBinders). */
module io.sluice.micrometer {
  requires transitive io.sluice.client;
  requires transitive micrometer.core;
  requires transitive micrometer.observation;
  requires micrometer.commons;
  exports io.sluice.micrometer;
}
