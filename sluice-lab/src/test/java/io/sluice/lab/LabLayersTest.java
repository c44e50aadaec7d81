package io.sluice.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.lab.run.Lab;
import io.sluice.testkit.ClassReferences;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The lab's packages in one direction (issue 38 §4: the runner and the report referred to each
 * other): the case families at the bottom, the cases' definitions over them ({@code Profiles},
 * {@code LabCase}), the reports over the definitions, and the runner ({@code run.Lab}) on top. A
 * package refers only to packages of earlier layers; read from the compiled classes.
 */
class LabLayersTest {
  static final List<Set<String>> LAYERS = List.of(
      Set.of("changes", "fleet", "http", "pooler", "rowset", "scale", "peers"),
      Set.of("", "clojure", "node"),
      Set.of("report"),
      Set.of("run"));
  static final String LAB = "io.sluice.lab";

  @Test
  void everyReferenceGoesDown() throws URISyntaxException {
    Path classes = Path.of(Lab.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Map<String, Set<String>> refs = ClassReferences.of(classes);
    assertTrue(refs.size() > 60, "read the lab's classes: " + refs.size());
    List<String> found = new ArrayList<>();
    List<String> unplaced = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : refs.entrySet()) {
      String from = part(ClassReferences.packageOf(e.getKey()));
      if (from == null) {
        continue;
      }
      if (layer(from) < 0) {
        unplaced.add(from);
        continue;
      }
      for (String to : e.getValue()) {
        String target = part(ClassReferences.packageOf(to));
        if (target != null && !target.equals(from) && layer(target) >= layer(from)) {
          found.add(e.getKey() + " -> " + to);
        }
      }
    }
    assertEquals(List.of(), unplaced.stream().distinct().toList(), "packages LAYERS does not place");
    assertEquals(List.of(), found, "references up or across the lab's layers");
  }

  /** "" for io.sluice.lab itself, "report" for io.sluice.lab.report and below it; null outside the lab. */
  static String part(String pkg) {
    if (pkg.equals(LAB)) {
      return "";
    }
    if (!pkg.startsWith(LAB + ".")) {
      return null;
    }
    String rest = pkg.substring(LAB.length() + 1);
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }

  static int layer(String part) {
    for (int i = 0; i < LAYERS.size(); i++) {
      if (LAYERS.get(i).contains(part)) {
        return i;
      }
    }
    return -1;
  }
}
