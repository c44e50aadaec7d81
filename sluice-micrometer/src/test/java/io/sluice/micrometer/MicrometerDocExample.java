package io.sluice.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.sluice.testkit.docs.CheckedExample;

/**
 * What the Java examples of docs/micrometer.md have in scope: {@code registry}, a fresh
 * SimpleMeterRegistry for each block, and {@code openTelemetry}, an SDK exporting to memory.
 */
public abstract class MicrometerDocExample extends CheckedExample {
  protected MeterRegistry registry;
  protected OpenTelemetry openTelemetry;

  void bind(MeterRegistry r, OpenTelemetry o) {
    this.registry = r;
    this.openTelemetry = o;
  }
}
