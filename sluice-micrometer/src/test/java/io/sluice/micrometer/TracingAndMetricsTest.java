package io.sluice.micrometer;

import static org.junit.jupiter.api.Assertions.*;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.event.EventListener;
import io.sluice.opentelemetry.TracingListener;
import io.sluice.testkit.ServerTest;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Both adapters on one configuration through {@link EventListener#all}: each sees every statement. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class TracingAndMetricsTest {
  @Test
  void spansAndTimersFromTheSameStatements() {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
        .build()) {
      EventListener both = EventListener.all(TracingListener.create(sdk), MetricsListener.create(registry));
      try (Connection c = Connection.open(MetricsTest.config(both))) {
        c.query("select $1::int", 1);
        assertThrows(ServerException.class, () -> c.query("select * from no_such_table"));
      }
      List<String> names = spans.getFinishedSpanItems().stream().map(SpanData::getName).toList();
      assertEquals(List.of(TracingListener.CONNECT, "select", "select no_such_table"), names);
      assertEquals(1, MetricsTest.timed(registry, MetricsListener.STATEMENT, "result", "succeeded"));
      assertEquals(1, MetricsTest.timed(registry, MetricsListener.STATEMENT, "result", "server_error"));
      assertEquals(1, MetricsTest.timed(registry, MetricsListener.CONNECT, "result", "succeeded"));
    }
  }
}
