package io.sluice.opentelemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.sluice.testkit.docs.CheckedExample;

/** What the Java examples of docs/opentelemetry.md have in scope: {@code openTelemetry}, an SDK exporting to memory. */
public abstract class OpenTelemetryDocExample extends CheckedExample {
  protected OpenTelemetry openTelemetry;

  void bind(OpenTelemetry sdk) {
    this.openTelemetry = sdk;
  }
}
