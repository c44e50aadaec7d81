package io.sluice.testkit.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A documentation block turned into a class: its {@code import} lines go to the top, the rest
 * becomes the body of {@link CheckedExample#run()} in a subclass of the given base, one source line
 * per block line so that compiler messages map back to the document. A declaration ending in
 * {@code // => value} is followed, on the same line, by a {@link CheckedExample#check} of the
 * declared variable.
 */
final class ExampleSource {
  private ExampleSource() {}

  private static final Pattern CHECKED_DECLARATION = Pattern.compile(
      "^\\s*(?:final\\s+)?[\\w.]+(?:<[^=]*>)?(?:\\[\\])*\\s+(\\w+)\\s*=.*;\\s*// => (.+?)\\s*$");

  /** The compilation unit and the number of lines in front of the block's first line. */
  record Unit(String className, String source, int linesBefore) {}

  static Unit of(MarkdownExamples.Block block, String className, Class<?> base, List<String> implicitImports,
      Map<String, String> replacements) {
    String code = block.code();
    for (Map.Entry<String, String> r : replacements.entrySet()) {
      code = code.replace(r.getKey(), r.getValue());
    }
    String[] lines = code.split("\n", -1);
    List<String> imports = new ArrayList<>(implicitImports);
    List<String> body = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.startsWith("import ")) {
        imports.add(line);
        body.add("");
      } else if (line.contains("// =>")) {
        body.add(withCheck(line, block.where(i)));
      } else {
        body.add(line);
      }
    }
    StringBuilder src = new StringBuilder();
    for (String i : imports) {
      src.append(i).append('\n');
    }
    src.append("public final class ").append(className).append(" extends ")
        .append(base.getCanonicalName()).append(" {\n");
    src.append("  @Override public void run() throws Exception {\n");
    int before = imports.size() + 2;
    for (String b : body) {
      src.append(b).append('\n');
    }
    src.append("  }\n}\n");
    return new Unit(className, src.toString(), before);
  }

  private static String withCheck(String line, String where) {
    Matcher m = CHECKED_DECLARATION.matcher(line);
    if (!m.matches()) {
      throw new AssertionError(
          where + ": a \"// =>\" comment must end a declaration (Type name = ...; // => value)");
    }
    String name = m.group(1);
    int comment = line.indexOf("// =>");
    return line.substring(0, comment) + "check(\"" + name + "\", " + name + ", \"" + escape(m.group(2))
        + "\", \"" + escape(where) + "\"); " + line.substring(comment);
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
