package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.sluice.testkit.ServerTest;
import io.sluice.testkit.docs.ExampleRunner;
import io.sluice.testkit.docs.MarkdownExamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ```java blocks of the documents whose examples this module runs ({@code <!-- java examples
 * run by: sluice-jdbc -->}), compiled and run against the test server through the driver, the
 * example URL replaced by the test server's.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class JdbcDocExamplesTest {
  static final String EXAMPLE_URL = "jdbc:sluice:postgresql://localhost:5432/app?user=app&password=secret";

  private static final ExampleRunner<JdbcDocExample> RUNNER = new ExampleRunner<>(JdbcDocExample.class,
      List.of("import io.sluice.jdbc.*;", "import java.sql.*;", "import java.util.*;"),
      List.of(SluiceDriver.class, java.sql.Connection.class));

  @Test
  void theJdbcGuidesExamplesRun() throws Exception {
    Path root = MarkdownExamples.repositoryRoot();
    int run = 0;
    for (Path doc : MarkdownExamples.documents(root)) {
      String text = Files.readString(doc);
      if (!MarkdownExamples.runBy(text).equals(java.util.Optional.of("sluice-jdbc"))) {
        continue;
      }
      String name = root.relativize(doc).toString();
      List<MarkdownExamples.Block> blocks = MarkdownExamples.javaBlocks(name, text);
      RUNNER.compile(blocks, Map.of(EXAMPLE_URL, TestDatabase.url("sluice:postgresql:"))).run(example -> { });
      run += blocks.size();
    }
    assertFalse(run == 0, "no document's examples are run by sluice-jdbc");
  }
}
