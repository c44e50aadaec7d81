package io.sluice.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.testkit.ClassReferences;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The client's internal packages form layers, each referring only to the layers below it (and to
 * the API, whose value types and exceptions every layer speaks), never up and never around a
 * circle: docs/engine.md, "Layers", draws them and says what each holds. Read from the compiled
 * classes, so a Javadoc link is free and a real reference is not.
 */
class LayersTest {
  /** Bottom first; a package may refer to packages of earlier layers only. */
  static final List<Set<String>> LAYERS = List.of(
      Set.of("config", "jfr", "oauth", "rows"),
      Set.of("gss", "fleet"),
      Set.of("net"),
      Set.of("engine"),
      Set.of("requests"),
      Set.of("events"),
      Set.of("statements"),
      Set.of("session"),
      Set.of("replication", "calls"),
      Set.of("pool"));
  static final String INTERNAL = "io.sluice.internal.";

  @Test
  void everyReferenceGoesDown() throws URISyntaxException {
    Path classes = Path.of(Connection.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Map<String, Set<String>> refs = ClassReferences.of(classes);
    assertTrue(refs.size() > 300, "read the client's classes: " + refs.size());
    assertEquals(List.of(), violations(refs));
  }

  @Test
  void everyInternalPackageHasALayer() throws URISyntaxException {
    Path classes = Path.of(Connection.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> missing = new ArrayList<>();
    for (String c : ClassReferences.of(classes).keySet()) {
      String p = part(ClassReferences.packageOf(c));
      if (p != null && layer(p) < 0 && !missing.contains(p)) {
        missing.add(p);
      }
    }
    assertEquals(List.of(), missing, "packages that LAYERS (and docs/engine.md) do not place");
  }

  @Test
  void aReferenceUpOrAcrossIsFound() {
    Map<String, Set<String>> planted = Map.of(
        INTERNAL + "engine.Planted", Set.of(INTERNAL + "session.Connector", INTERNAL + "net.Transport"),
        INTERNAL + "gss.Across", Set.of(INTERNAL + "fleet.HostWatcher"),
        INTERNAL + "calls.Fine", Set.of(INTERNAL + "statements.StatementRunner", "io.sluice.Connection"));
    assertEquals(List.of(
        INTERNAL + "engine.Planted -> " + INTERNAL + "session.Connector: engine (layer 3) refers to session (layer 7), not below it",
        INTERNAL + "gss.Across -> " + INTERNAL + "fleet.HostWatcher: gss (layer 1) refers to fleet (layer 1), not below it"),
        violations(planted));
  }

  static List<String> violations(Map<String, Set<String>> refs) {
    List<String> found = new ArrayList<>();
    for (var e : new TreeMap<>(refs).entrySet()) {
      String from = part(ClassReferences.packageOf(e.getKey()));
      if (from == null) {
        continue;
      }
      for (String to : e.getValue()) {
        String target = part(ClassReferences.packageOf(to));
        if (target == null || target.equals(from)) {
          continue;
        }
        if (layer(target) >= layer(from)) {
          found.add(e.getKey() + " -> " + to + ": " + from + " (layer " + layer(from) + ") refers to "
              + target + " (layer " + layer(target) + "), not below it");
        }
      }
    }
    return found;
  }

  /** The internal part a package belongs to ("engine" for io.sluice.internal.engine), or null outside. */
  static String part(String pkg) {
    if (!pkg.startsWith(INTERNAL)) {
      return null;
    }
    String rest = pkg.substring(INTERNAL.length());
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
