package io.sluice.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.opentelemetry.sdk.trace.data.SpanData;
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
 * run by: sluice-opentelemetry -->}), compiled and run against the test server with the SDK
 * exporting to memory; the example URI is replaced by the test server's.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class OpenTelemetryDocExamplesTest {
  static final String EXAMPLE_URI = "postgresql://app:secret@localhost:5432/app";

  private static final ExampleRunner<OpenTelemetryDocExample> RUNNER = new ExampleRunner<>(
      OpenTelemetryDocExample.class,
      List.of("import io.sluice.*;", "import io.sluice.opentelemetry.*;", "import io.opentelemetry.api.trace.*;",
          "import io.opentelemetry.context.*;", "import java.util.*;"),
      List.of(Connection.class, TracingListener.class, io.opentelemetry.api.OpenTelemetry.class,
          io.opentelemetry.context.Context.class, io.sluice.types.TypeRegistry.class,
          io.sluice.protocol.BackendMessage.class));

  @Test
  void theTracingGuidesExamplesRunAndTrace() throws Exception {
    int run = 0;
    try (Tracing t = new Tracing()) {
      for (List<MarkdownExamples.Block> blocks : MarkdownExamples.runBy(MarkdownExamples.repositoryRoot(),
          "sluice-opentelemetry")) {
        RUNNER.compile(blocks, Map.of(EXAMPLE_URI, PostgresServer.shared().uri())).run(example -> example.bind(t.sdk));
        run += blocks.size();
      }
      assertFalse(run == 0, "no document's examples are run by sluice-opentelemetry");
      SpanData select = t.named("select").get(0);
      SpanData parent = t.spans().stream().filter(s -> s.getSpanId().equals(select.getParentSpanId())).findFirst()
          .orElseThrow(() -> new AssertionError("the example's statement has no exported parent"));
      assertEquals("checkout", parent.getName(), "the statement is a child of the example's span");
    }
  }
}
