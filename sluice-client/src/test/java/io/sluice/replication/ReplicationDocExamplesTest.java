package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.sluice.Connection;
import io.sluice.sql.Identifiers;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.docs.ExampleRunner;
import io.sluice.testkit.docs.MarkdownExamples;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ```java blocks of the documents run by this module ({@code <!-- java examples run by:
 * sluice-client -->}: the change streams guide), compiled and run in order against the logical
 * replication test server, in a database of their own.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
class ReplicationDocExamplesTest {
  static final String EXAMPLE_URI = "postgresql://app:secret@localhost:5432/app";

  private static final ExampleRunner<ReplicationDocExample> RUNNER = new ExampleRunner<>(ReplicationDocExample.class,
      List.of("import io.sluice.*;", "import io.sluice.replication.*;", "import java.util.*;", "import java.time.*;",
          "import java.math.BigDecimal;"),
      List.of(Connection.class, io.sluice.types.TypeRegistry.class, io.sluice.protocol.BackendMessage.class));

  @Test
  void theChangeStreamGuidesExamplesRun() throws Exception {
    int run = 0;
    String db = "docs_replication";
    String url = LogicalServer.uri().replaceFirst("/" + LogicalServer.get().database() + "(?=\\?|$)", "/" + db);
    try (Connection admin = LogicalServer.connect()) {
      admin.execute("drop database if exists " + Identifiers.quote(db) + " with (force)");
      admin.execute("create database " + Identifiers.quote(db));
      for (List<MarkdownExamples.Block> blocks : MarkdownExamples.runBy(MarkdownExamples.repositoryRoot(),
          "sluice-client")) {
        try (Connection c = Connection.open(url)) {
          RUNNER.compile(blocks, Map.of(EXAMPLE_URI, url)).run(example -> example.bind(c, url));
        }
        run += blocks.size();
      }
    }
    assertFalse(run == 0, "no document's examples are run by sluice-client");
  }
}
