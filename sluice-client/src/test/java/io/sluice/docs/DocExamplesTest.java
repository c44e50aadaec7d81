package io.sluice.docs;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.sluice.Connection;
import io.sluice.sql.Identifiers;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.docs.ExampleRunner;
import io.sluice.testkit.docs.MarkdownExamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every ```java block of README.md and docs/*.md is compiled and run against the test server
 * (issue 18: the docs' examples are tested, so they cannot rot). Each document gets a database of
 * its own; its blocks run in order with {@code c} and {@code url} in scope ({@link DocExample}), the
 * example URI {@value #EXAMPLE_URI} replaced by that database's. A document whose examples need
 * another module's classes says so with {@code <!-- java examples run by: MODULE -->} on a line of
 * its own, and that module's tests run them with the same {@link ExampleRunner}.
 */
@ServerTest
class DocExamplesTest {
  /** The connection string the docs write; the test puts its own server's in its place. */
  static final String EXAMPLE_URI = "postgresql://app:secret@localhost:5432/app";

  /** What the guides say every example may assume. */
  static final List<String> IMPLICIT_IMPORTS = List.of(
      "import io.sluice.*;", "import java.util.*;", "import java.time.*;", "import java.io.*;",
      "import java.math.BigDecimal;");

  private static final ExampleRunner<DocExample> RUNNER = new ExampleRunner<>(DocExample.class, IMPLICIT_IMPORTS,
      List.of(Connection.class, io.sluice.types.TypeRegistry.class, io.sluice.protocol.BackendMessage.class));

  @TestFactory
  List<DynamicTest> everyJavaExampleCompilesAndRuns() throws IOException {
    Path root = MarkdownExamples.repositoryRoot();
    List<DynamicTest> tests = new ArrayList<>();
    for (Path doc : MarkdownExamples.documents(root)) {
      String name = root.relativize(doc).toString();
      String text = Files.readString(doc);
      List<MarkdownExamples.Block> blocks = MarkdownExamples.javaBlocks(name, text);
      if (!blocks.isEmpty() && MarkdownExamples.runBy(text).isEmpty()) {
        tests.add(dynamicTest(name, () -> assertTimeoutPreemptively(Duration.ofMinutes(3),
            () -> runDocument(name, blocks))));
      }
    }
    return tests;
  }

  @Test
  void theDocsHaveJavaExamples() throws IOException {
    int blocks = 0;
    for (Path doc : MarkdownExamples.documents(MarkdownExamples.repositoryRoot())) {
      blocks += MarkdownExamples.javaBlocks(doc.toString(), Files.readString(doc)).size();
    }
    assertTrue(blocks >= 15, "found only " + blocks + " ```java blocks in README.md and docs/*.md");
  }

  @Test
  void aDocumentRunElsewhereNamesAModule() throws IOException {
    Path root = MarkdownExamples.repositoryRoot();
    for (Path doc : MarkdownExamples.documents(root)) {
      Optional<String> module = MarkdownExamples.runBy(Files.readString(doc));
      module.ifPresent(m -> assertTrue(Files.isRegularFile(root.resolve(m).resolve("pom.xml")),
          doc + " says its examples are run by " + m + ", which is not a module"));
    }
  }

  /** A failing example fails this test, at its place in the document. */
  @Test
  void anExampleThatThrowsFailsWithItsPlace() {
    String doc = "```java\nlong n = c.query(\"select 1\").size(); // => 1\n\nc.execute(\"select * from no_such_table\");\n```\n";
    AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
        () -> runDocument("failing.md", MarkdownExamples.javaBlocks("failing.md", doc)));
    assertTrue(e.getMessage().startsWith("failing.md:4: the example threw io.sluice.ServerException"), e.getMessage());
  }

  private static void runDocument(String name, List<MarkdownExamples.Block> blocks) throws Exception {
    PostgresServer pg = PostgresServer.shared();
    String db = "docs_" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    String url = pg.uri().replaceFirst("/" + Pattern.quote(pg.database()) + "(?=\\?|$)", "/" + db);
    ExampleRunner<DocExample>.Compiled examples = RUNNER.compile(blocks, Map.of(EXAMPLE_URI, url));
    try (Connection admin = Connection.open(pg.uri())) {
      admin.execute("drop database if exists " + Identifiers.quote(db) + " with (force)");
      admin.execute("create database " + Identifiers.quote(db));
      try (Connection c = Connection.open(url)) {
        examples.run(example -> example.bind(c, url));
      } finally {
        admin.execute("drop database if exists " + Identifiers.quote(db) + " with (force)");
      }
    }
  }
}
