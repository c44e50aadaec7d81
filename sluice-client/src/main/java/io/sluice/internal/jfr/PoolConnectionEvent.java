package io.sluice.internal.jfr;

import jdk.jfr.Label;
import jdk.jfr.Name;

/** A pool opened, evicted or retired a connection, or failed to open one (io.sluice.event.PoolEvent). */
@Name("io.sluice.PoolConnection")
@Label("Sluice Pool Connection")
final class PoolConnectionEvent extends SluiceEvent {
  @Label("Pool")
  String pool;

  @Label("Kind")
  String kind;

  @Label("Reason")
  String reason;
}
