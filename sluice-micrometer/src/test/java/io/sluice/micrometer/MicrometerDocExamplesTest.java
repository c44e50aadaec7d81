package io.sluice.micrometer;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.sluice.Connection;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.docs.ExampleRunner;
import io.sluice.testkit.docs.MarkdownExamples;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ```java blocks of the documents whose examples this module runs ({@code <!-- java examples
 * run by: sluice-micrometer -->}), compiled and run against the test server, each with a fresh
 * SimpleMeterRegistry; the example URI is replaced by the test server's.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class MicrometerDocExamplesTest {
  static final String EXAMPLE_URI = "postgresql://app:secret@localhost:5432/app";

  private static final ExampleRunner<MicrometerDocExample> RUNNER = new ExampleRunner<>(MicrometerDocExample.class,
      List.of("import io.sluice.*;", "import io.sluice.micrometer.*;", "import io.micrometer.core.instrument.*;",
          "import java.util.*;"),
      List.of(Connection.class, MetricsListener.class, io.micrometer.core.instrument.MeterRegistry.class,
          io.micrometer.observation.ObservationRegistry.class, io.micrometer.common.KeyValues.class,
          io.sluice.opentelemetry.TracingListener.class, io.opentelemetry.api.OpenTelemetry.class,
          io.opentelemetry.context.Context.class, io.sluice.types.TypeRegistry.class,
          io.sluice.protocol.BackendMessage.class));

  @Test
  void theMetricsGuidesExamplesRun() throws Exception {
    int run = 0;
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().build()) {
      for (List<MarkdownExamples.Block> blocks : MarkdownExamples.runBy(MarkdownExamples.repositoryRoot(),
          "sluice-micrometer")) {
        RUNNER.compile(blocks, Map.of(EXAMPLE_URI, PostgresServer.shared().uri()))
            .run(example -> example.bind(new SimpleMeterRegistry(), sdk));
        run += blocks.size();
      }
    }
    assertFalse(run == 0, "no document's examples are run by sluice-micrometer");
  }
}
