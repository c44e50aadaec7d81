/** OpenTelemetry spans from Sluice's events (an EventListener), after the database semantic conventions. */
module io.sluice.opentelemetry {
  requires transitive io.sluice.client;
  requires transitive io.opentelemetry.api;
  requires io.opentelemetry.context;
  exports io.sluice.opentelemetry;
}
