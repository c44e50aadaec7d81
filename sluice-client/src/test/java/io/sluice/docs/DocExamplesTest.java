package io.sluice.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.sluice.Connection;
import io.sluice.Identifiers;
import io.sluice.testkit.PostgresServer;
import io.sluice.types.TypeRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Every ```java block of README.md and docs/*.md is compiled and run against the test server
 * (issue 18: the docs' examples are tested, so they cannot rot). Each document gets a database of
 * its own; its blocks run in order with {@code c} and {@code url} in scope ({@link DocExample}),
 * the example URI {@value #EXAMPLE_URI} replaced by that database's. A document whose examples need
 * another module's classes says so with {@code <!-- java examples run by: MODULE -->}, and that
 * module's tests run them instead.
 */
class DocExamplesTest {
  /** The connection string the docs write; the test puts its own server's in its place. */
  static final String EXAMPLE_URI = "postgresql://app:secret@localhost:5432/app";

  private static final Pattern RUN_ELSEWHERE = Pattern.compile("^<!-- java examples run by: ([\\w-]+) -->$", Pattern.MULTILINE);

  @TestFactory
  List<DynamicTest> everyJavaExampleCompilesAndRuns() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path doc : documents()) {
      String name = repoRoot().relativize(doc).toString();
      String text = Files.readString(doc);
      List<JavaBlocks.Block> blocks = JavaBlocks.of(name, text);
      if (!blocks.isEmpty() && !RUN_ELSEWHERE.matcher(text).find()) {
        tests.add(dynamicTest(name, () -> assertTimeoutPreemptively(Duration.ofMinutes(3),
            () -> runDocument(name, blocks))));
      }
    }
    return tests;
  }

  @Test
  void theDocsHaveJavaExamples() throws IOException {
    int blocks = 0;
    for (Path doc : documents()) {
      blocks += JavaBlocks.of(doc.toString(), Files.readString(doc)).size();
    }
    assertTrue(blocks >= 15, "found only " + blocks + " ```java blocks in README.md and docs/*.md");
  }

  @Test
  void aDocumentRunElsewhereNamesAModule() throws IOException {
    for (Path doc : documents()) {
      Matcher m = RUN_ELSEWHERE.matcher(Files.readString(doc));
      if (m.find()) {
        assertTrue(Files.isRegularFile(repoRoot().resolve(m.group(1)).resolve("pom.xml")),
            doc + " says its examples are run by " + m.group(1) + ", which is not a module");
      }
    }
  }

  /** The harness itself: a broken example fails, at its place in the document. */
  @Test
  @Timeout(120)
  void aBrokenExampleFailsWithItsPlace() {
    String doc = "intro\n```java\nlong n = c.execute(\"select 1\");\nint x = \"not a number\";\n```\n";
    AssertionError compile = assertThrows(AssertionError.class,
        () -> runDocument("broken.md", JavaBlocks.of("broken.md", doc)));
    assertTrue(compile.getMessage().contains("broken.md:4"), compile.getMessage());

    String wrong = "```java\nlong n = c.query(\"select 1\").size(); // => 2\n```\n";
    AssertionError checked = assertThrows(AssertionError.class,
        () -> runDocument("wrong.md", JavaBlocks.of("wrong.md", wrong)));
    assertTrue(checked.getMessage().contains("wrong.md:2") && checked.getMessage().contains("n is 1"),
        checked.getMessage());

    String failing = "```java\n\nc.execute(\"select * from no_such_table\");\n```\n";
    AssertionError ran = assertThrows(AssertionError.class,
        () -> runDocument("failing.md", JavaBlocks.of("failing.md", failing)));
    assertTrue(ran.getMessage().contains("failing.md:3"), ran.getMessage());
  }

  private static void runDocument(String name, List<JavaBlocks.Block> blocks) throws Exception {
    PostgresServer pg = PostgresServer.shared();
    String db = "docs_" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    String url = pg.uri().replaceFirst("/" + Pattern.quote(pg.database()) + "(?=\\?|$)", "/" + db);
    Map<String, String> sources = new LinkedHashMap<>();
    Map<String, ExampleSource.Unit> units = new LinkedHashMap<>();
    Map<String, JavaBlocks.Block> blockOf = new LinkedHashMap<>();
    for (JavaBlocks.Block b : blocks) {
      String className = "Example" + b.line();
      ExampleSource.Unit u = ExampleSource.of(b, className, EXAMPLE_URI, url);
      sources.put(className, u.source());
      units.put(className, u);
      blockOf.put(className, b);
    }
    MemoryCompiler.Places places = (k, line) -> {
      ExampleSource.Unit u = units.get(k);
      return u == null ? k + ":" + line : blockOf.get(k).where((int) line - u.linesBefore() - 1);
    };
    MemoryCompiler.Result compiled = MemoryCompiler.compile(sources,
        List.of(Connection.class, TypeRegistry.class, io.sluice.protocol.BackendMessage.class, DocExample.class),
        places);
    if (!compiled.errors().isEmpty()) {
      fail("the examples of " + name + " do not compile:\n" + String.join("\n",
          compiled.errors().stream().map(Object::toString).toList()));
    }
    try (Connection admin = Connection.open(pg.uri())) {
      admin.execute("drop database if exists " + Identifiers.quote(db) + " with (force)");
      admin.execute("create database " + Identifiers.quote(db));
      try (Connection c = Connection.open(url)) {
        for (String className : sources.keySet()) {
          DocExample example = (DocExample) compiled.loader().loadClass(className).getConstructor().newInstance();
          example.bind(c, url);
          try {
            example.run();
          } catch (AssertionError e) {
            throw e;
          } catch (Throwable e) {
            throw new AssertionError(placeOf(e, className, places, blockOf.get(className)) + ": the example threw "
                + e, e);
          }
        }
      } finally {
        admin.execute("drop database if exists " + Identifiers.quote(db) + " with (force)");
      }
    }
  }

  /** The document line of the example's deepest frame in {@code e}'s stack, else the block's start. */
  private static String placeOf(Throwable e, String className, MemoryCompiler.Places places, JavaBlocks.Block b) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      for (StackTraceElement f : t.getStackTrace()) {
        if (f.getClassName().startsWith(className) && f.getLineNumber() > 0) {
          return places.of(className, f.getLineNumber());
        }
      }
    }
    return b.where(0);
  }

  /** README.md and every docs/*.md, in name order. */
  static List<Path> documents() throws IOException {
    Path root = repoRoot();
    List<Path> out = new ArrayList<>();
    out.add(root.resolve("README.md"));
    Path docs = root.resolve("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> s = Files.list(docs)) {
        s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
      }
    }
    return out;
  }

  /** The repository root: tests run in the module's directory. */
  static Path repoRoot() {
    Path here = Path.of("").toAbsolutePath();
    return Files.isRegularFile(here.resolve("README.md")) && Files.isDirectory(here.resolve("sluice-client"))
        ? here : here.getParent();
  }

  @Test
  void blocksAreFoundWithTheirLines() {
    List<JavaBlocks.Block> b = JavaBlocks.of("x.md", "a\n```java\nint i = 1;\n```\ntext\n```java\nx();\ny();\n```\n");
    assertEquals(2, b.size());
    assertEquals(3, b.get(0).line());
    assertEquals("x.md:8", b.get(1).where(1));
  }
}
