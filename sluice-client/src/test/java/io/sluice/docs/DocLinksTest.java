package io.sluice.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.docs.MarkdownExamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository's Markdown holds together: no merge-conflict markers were committed, every
 * relative link points at a file that exists (and, into a Markdown file, at a heading it has), and
 * every file the text names in backticks as a path of this repository exists. A guide that sends
 * its reader nowhere is a bug like any other.
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern CODE_PATH = Pattern.compile(
      "`((?:docs|bin|build|sluice-[a-z-]+)/[\\w./-]*\\.(?:md|java|clj|edn|xml|sh|json|sql|jfc|properties))`");
  private static final Pattern CONFLICT = Pattern.compile("^(<<<<<<<|>>>>>>>) ");

  @Test
  void everyLinkAndFileNamedInTheDocsExists() throws IOException {
    Path root = MarkdownExamples.repositoryRoot();
    List<Path> docs = markdown(root);
    assertTrue(docs.size() > 10, "found the guides: " + docs);
    List<String> problems = new ArrayList<>();
    for (Path doc : docs) {
      String where = root.relativize(doc).toString();
      List<String> lines = Files.readAllLines(doc);
      boolean fenced = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        String at = where + ":" + (i + 1);
        if (CONFLICT.matcher(line).find()) {
          problems.add(at + ": a merge-conflict marker");
        }
        if (line.strip().startsWith("```")) {
          fenced = !fenced;
          continue;
        }
        if (fenced) {
          continue;
        }
        Matcher link = LINK.matcher(line);
        while (link.find()) {
          String problem = brokenLink(root, doc, link.group(1));
          if (problem != null) {
            problems.add(at + ": " + problem);
          }
        }
        Matcher named = CODE_PATH.matcher(line);
        while (named.find()) {
          String path = named.group(1);
          if (!path.contains("/target/") // what a build or a test writes, not the repository
              && !Files.exists(root.resolve(path)) && !Files.exists(doc.getParent().resolve(path))) {
            problems.add(at + ": `" + path + "` names a file that is not in the repository");
          }
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void aBrokenLinkIsFound() throws IOException {
    Path root = MarkdownExamples.repositoryRoot();
    Path readme = root.resolve("README.md");
    assertEquals(null, brokenLink(root, readme, "docs/java.md"));
    assertEquals("docs/nowhere.md: no such file", brokenLink(root, readme, "docs/nowhere.md"));
    assertEquals("docs/java.md#no-such-heading: docs/java.md has no heading with that anchor",
        brokenLink(root, readme, "docs/java.md#no-such-heading"));
  }

  /** Why {@code target}, linked from {@code doc}, points nowhere; null when it points somewhere. */
  static String brokenLink(Path root, Path doc, String target) throws IOException {
    if (target.matches("^[a-z]+:.*") || target.startsWith("<")) {
      return null;                                    // https:, mailto: and the like: not ours to check
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : target.substring(hash + 1);
    Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
    if (!resolved.startsWith(root) || !Files.exists(resolved)) {
      return target + ": no such file";
    }
    if (anchor != null && !anchor.isEmpty() && resolved.toString().endsWith(".md")
        && !anchors(resolved).contains(anchor)) {
      return target + ": " + root.relativize(resolved) + " has no heading with that anchor";
    }
    return null;
  }

  /** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens. */
  static Set<String> anchors(Path md) throws IOException {
    Set<String> anchors = new HashSet<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(md)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
      }
      if (fenced || !line.startsWith("#")) {
        continue;
      }
      String text = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
      String slug = text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
      String unique = slug;
      for (int n = 1; !anchors.add(unique); n++) {
        unique = slug + "-" + n;
      }
    }
    return anchors;
  }

  private static List<Path> markdown(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> {
            String rel = root.relativize(p).toString();
            return !rel.contains("target/") && !rel.contains("node_modules/") && !rel.startsWith(".")
                && !rel.contains("/.");
          })
          .sorted().toList();
    }
  }
}
