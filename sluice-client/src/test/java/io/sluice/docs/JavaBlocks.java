package io.sluice.docs;

import java.util.ArrayList;
import java.util.List;

/** The ```java blocks of a Markdown document, with the line each starts on. */
final class JavaBlocks {
  private JavaBlocks() {}

  /** One block: its document, the 1-based line of its first code line, and its code. */
  record Block(String document, int line, String code) {
    String where(int lineInBlock) {
      return document + ":" + (line + lineInBlock);
    }
  }

  static List<Block> of(String document, String markdown) {
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
}
