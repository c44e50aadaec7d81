package io.sluice.testkit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The documentation-example harness: what passes, and that every kind of breakage fails at its place. */
@Timeout(120)
public class ExampleRunnerTest {
  /** The scope of these test documents' examples: a list they write to. */
  public abstract static class Scope extends CheckedExample {
    protected List<String> said;
  }

  private static final ExampleRunner<Scope> RUNNER = new ExampleRunner<>(Scope.class,
      List.of("import java.util.*;"), List.of());

  private static void run(String doc, String markdown, List<String> said) throws Exception {
    RUNNER.compile(MarkdownExamples.javaBlocks(doc, markdown), Map.of("EXAMPLE", "replaced"))
        .run(s -> s.said = said);
  }

  @Test
  void blocksAreFoundWithTheirLines() {
    List<MarkdownExamples.Block> b = MarkdownExamples.javaBlocks("x.md",
        "a\n```java\nint i = 1;\n```\ntext\n```sh\nls\n```\n```java\nx();\ny();\n```\n");
    assertEquals(2, b.size());
    assertEquals(3, b.get(0).line());
    assertEquals("x.md:11", b.get(1).where(1));
  }

  @Test
  void blocksRunInOrderWithImportsReplacementsAndChecks() throws Exception {
    String doc = "```java\nimport java.util.concurrent.atomic.AtomicInteger;\n"
        + "AtomicInteger n = new AtomicInteger(41);\nint answer = n.incrementAndGet(); // => 42\n"
        + "said.add(\"EXAMPLE\");\n```\nprose\n```java\nList<Integer> xs = List.of(1, 2); // => [1, 2]\n"
        + "int[] ys = {3, 4}; // => [3, 4]\nsaid.add(\"second\");\n```\n";
    List<String> said = new ArrayList<>();
    run("ok.md", doc, said);
    assertEquals(List.of("replaced", "second"), said);
  }

  @Test
  void aCompileErrorFailsAtItsLine() {
    String doc = "intro\n```java\nint fine = 1;\nint x = \"not a number\";\n```\n";
    AssertionError e = assertThrows(AssertionError.class, () -> run("broken.md", doc, new ArrayList<>()));
    assertTrue(e.getMessage().contains("broken.md:4: incompatible types"), e.getMessage());
  }

  @Test
  void aWrongResultFailsAtItsLine() {
    String doc = "```java\nint one = 1;\nint two = one + one; // => 3\n```\n";
    AssertionError e = assertThrows(AssertionError.class, () -> run("wrong.md", doc, new ArrayList<>()));
    assertEquals("wrong.md:3: two is 2, the document says 3", e.getMessage());
  }

  @Test
  void anExceptionFailsAtTheLineThatThrew() {
    String doc = "```java\nsaid.add(\"a\");\n\nObject o = List.of().get(0);\n```\n";
    AssertionError e = assertThrows(AssertionError.class, () -> run("throws.md", doc, new ArrayList<>()));
    assertTrue(e.getMessage().startsWith("throws.md:4: the example threw java.lang.ArrayIndexOutOfBoundsException"),
        e.getMessage());
  }

  @Test
  void aResultCommentMustFollowADeclaration() {
    String doc = "```java\nsaid.add(\"x\"); // => true\n```\n";
    AssertionError e = assertThrows(AssertionError.class, () -> run("bad.md", doc, new ArrayList<>()));
    assertTrue(e.getMessage().startsWith("bad.md:2: a \"// =>\" comment must end a declaration"), e.getMessage());
  }

  @Test
  void theModuleThatRunsADocumentIsNamedOnALineOfItsOwn() {
    assertEquals(Optional.of("sluice-jdbc"), MarkdownExamples.runBy("# JDBC\n<!-- java examples run by: sluice-jdbc -->\n"));
    assertEquals(Optional.empty(), MarkdownExamples.runBy("say `<!-- java examples run by: MODULE -->` in a comment"));
  }
}
