package io.sluice.testkit.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The documents of the repository and the ```java blocks in them. */
public final class MarkdownExamples {
  private MarkdownExamples() {}

  /** One block: its document, the 1-based line of its first code line, and its code. */
  public record Block(String document, int line, String code) {
    /** The document's place of the block's line {@code lineInBlock} (0-based). */
    public String where(int lineInBlock) {
      return document + ":" + (line + lineInBlock);
    }
  }

  /**
   * A document whose Java examples need another module's classes names that module on a line of
   * its own; that module's tests run them.
   */
  private static final Pattern RUN_BY = Pattern.compile("^<!-- java examples run by: ([\\w-]+) -->$", Pattern.MULTILINE);

  /** The ```java blocks of a Markdown text; {@code document} names it in places. */
  public static List<Block> javaBlocks(String document, String markdown) {
    List<Block> out = new ArrayList<>();
    String[] lines = markdown.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (!lines[i].strip().equals("```java")) {
        continue;
      }
      int start = i + 1;
      StringBuilder code = new StringBuilder();
      int j = start;
      while (j < lines.length && !lines[j].strip().equals("```")) {
        code.append(lines[j]).append('\n');
        j++;
      }
      if (j == lines.length) {
        throw new IllegalArgumentException(document + ":" + (i + 1) + ": a ```java block is never closed");
      }
      out.add(new Block(document, start + 1, code.toString()));
      i = j;
    }
    return out;
  }

  /** The module a document says runs its Java examples, if it names one. */
  public static Optional<String> runBy(String markdown) {
    Matcher m = RUN_BY.matcher(markdown);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /**
   * The ```java blocks of each document of the repository that says its examples are run by
   * {@code module}, one list per document, in name order (a module's documentation test runs them).
   */
  public static List<List<Block>> runBy(Path root, String module) throws IOException {
    List<List<Block>> out = new ArrayList<>();
    for (Path doc : documents(root)) {
      String text = Files.readString(doc);
      if (runBy(text).equals(Optional.of(module))) {
        out.add(javaBlocks(root.relativize(doc).toString(), text));
      }
    }
    return out;
  }

  /** README.md and every docs/*.md of the repository at {@code root}, in name order. */
  public static List<Path> documents(Path root) throws IOException {
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

  /** The repository's root, from a test's working directory (its module's, or the root itself). */
  public static Path repositoryRoot() {
    Path here = Path.of("").toAbsolutePath();
    return Files.isRegularFile(here.resolve("README.md")) && Files.isRegularFile(here.resolve("bin/sluice"))
        ? here : here.getParent();
  }
}
