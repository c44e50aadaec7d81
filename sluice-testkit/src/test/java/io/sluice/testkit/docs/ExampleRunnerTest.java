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

  /** Running the document fails, with a message that starts with {@code expected}. */
  private static void assertFailsWith(String expected, String doc, String markdown) {
    String m = assertThrows(AssertionError.class, () -> run(doc, markdown, new ArrayList<>())).getMessage();
    assertTrue(m.startsWith(expected), m);
  }

  @Test
  void aCompileErrorFailsAtItsLine() {
    assertFailsWith("examples that do not compile:\nbroken.md:4: incompatible types",
        "broken.md", "intro\n```java\nint fine = 1;\nint x = \"not a number\";\n```\n");
  }

  @Test
  void aWrongResultFailsAtItsLine() {
    assertFailsWith("wrong.md:3: two is 2, the document says 3",
        "wrong.md", "```java\nint one = 1;\nint two = one + one; // => 3\n```\n");
  }

  @Test
  void anExceptionFailsAtTheLineThatThrew() {
    assertFailsWith("throws.md:4: the example threw java.lang.ArrayIndexOutOfBoundsException",
        "throws.md", "```java\nsaid.add(\"a\");\n\nObject o = List.of().get(0);\n```\n");
  }

  @Test
  void aResultCommentMustFollowADeclaration() {
    assertFailsWith("bad.md:2: a \"// =>\" comment must end a declaration",
        "bad.md", "```java\nsaid.add(\"x\"); // => true\n```\n");
  }

  @Test
  void theModuleThatRunsADocumentIsNamedOnALineOfItsOwn() {
    assertEquals(Optional.of("sluice-jdbc"), MarkdownExamples.runBy("# JDBC\n<!-- java examples run by: sluice-jdbc -->\n"));
    assertEquals(Optional.empty(), MarkdownExamples.runBy("say `<!-- java examples run by: MODULE -->` in a comment"));
  }
}
