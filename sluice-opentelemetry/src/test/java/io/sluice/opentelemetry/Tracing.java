package io.sluice.opentelemetry;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.sluice.ConnectionConfig;
import io.sluice.testkit.PostgresServer;
import java.util.List;

/** The real OpenTelemetry SDK exporting to memory, and the test server reached over TCP. */
final class Tracing implements AutoCloseable {
  final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
      .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build())
      .build();

  /** The tests' own tracer, for the parent spans they open around Sluice calls. */
  Tracer app() {
    return sdk.getTracer("test-app");
  }

  List<SpanData> spans() {
    return exporter.getFinishedSpanItems();
  }

  /** The finished spans of Sluice's scope named {@code name}. */
  List<SpanData> named(String name) {
    return spans().stream().filter(s -> s.getInstrumentationScopeInfo().getName().equals(TracingListener.SCOPE))
        .filter(s -> s.getName().equals(name)).toList();
  }

  static String tcpUrl(String host, int port) {
    PostgresServer pg = PostgresServer.shared();
    return "host=" + host + " port=" + port + " user=" + pg.superuser() + " dbname=" + pg.database()
        + " sslmode=disable";
  }

  static ConnectionConfig config(io.sluice.event.EventListener listener) {
    PostgresServer pg = PostgresServer.shared();
    return ConnectionConfig.parse(tcpUrl(pg.host(), pg.port())).withListener(listener);
  }

  /**
   * A pool of one connection tracing to this SDK, warmed up (its first caller may wait for the
   * connection being opened) and with nothing exported yet.
   */
  io.sluice.Pool poolOfOne(java.time.Duration acquireTimeout) {
    io.sluice.Pool pool = io.sluice.Pool.open(config(TracingListener.create(sdk)),
        io.sluice.PoolOptions.DEFAULT.minSize(1).maxSize(1).acquireTimeout(acquireTimeout));
    pool.query("select 1");
    exporter.reset();
    return pool;
  }

  @Override
  public void close() {
    sdk.close();
  }
}
