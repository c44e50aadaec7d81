package org.postgresql.test;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * For each class named in the input file (one a line), links it as JUnit's discovery would (its
 * declared methods, fields and constructors) and writes "name TAB first line of the error" for
 * those that fail. A class that does not link on a class path is not discovered there, so its tests
 * are absent from that run's reports: this says which pgjdbc class it stopped at.
 */
public final class LoadCheck {
  private LoadCheck() {
  }

  public static void main(String[] args) throws IOException {
    List<String> names = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8))) {
      for (String name : names) {
        if (name.isBlank()) {
          continue;
        }
        try {
          Class<?> type = Class.forName(name.trim(), false, LoadCheck.class.getClassLoader());
          type.getDeclaredMethods();
          type.getDeclaredFields();
          type.getDeclaredConstructors();
        } catch (ClassNotFoundException | LinkageError e) {
          out.println(name.trim() + "\t" + e.getClass().getName() + ": " + e.getMessage());
        }
      }
    }
  }
}
