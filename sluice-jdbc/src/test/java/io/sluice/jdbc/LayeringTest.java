package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.sluice.testkit.ClassReferences;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The driver's layers, read from its compiled classes: {@code io.sluice.jdbc} is the API (the
 * driver, the data sources, {@link SqlExceptions}); it is built on {@code io.sluice.jdbc.internal},
 * which never refers back to it; and both reach the client only through what the client exports
 * (its API packages, and {@code io.sluice.internal.calls}, exported to this module alone).
 */
class LayeringTest {
  static final Set<String> API = Set.of("SluiceDriver", "SluiceDataSource", "SluicePoolDataSource",
      "SluiceConnectionPoolDataSource", "SqlExceptions");
  static final Set<String> CLIENT_EXPORTS = Set.of("io.sluice", "io.sluice.event", "io.sluice.replication",
      "io.sluice.sql", "io.sluice.types", "io.sluice.protocol", "io.sluice.protocol.auth", "io.sluice.internal.calls");

  static Path classes() throws URISyntaxException {
    return Path.of(SluiceDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  @Test
  void theApiPackageHoldsOnlyWhatAnApplicationNames() throws Exception {
    Set<String> publicTypes = new TreeSet<>();
    for (String name : ClassReferences.of(classes()).keySet()) {
      if (ClassReferences.packageOf(name).equals("io.sluice.jdbc")
          && Modifier.isPublic(Class.forName(name).getModifiers())) {
        publicTypes.add(name.substring("io.sluice.jdbc.".length()));
      }
    }
    assertEquals(new TreeSet<>(API), publicTypes);
  }

  @Test
  void theModuleExportsOnlyTheApi() throws Exception {
    try (InputStream in = Files.newInputStream(classes().resolve("module-info.class"))) {
      ModuleDescriptor module = ModuleDescriptor.read(in);
      // the implementation is exported to the drop-in alone, for its Extension (pgjdbc's API)
      assertEquals(Set.of("io.sluice.jdbc -> everyone", "io.sluice.jdbc.internal -> [io.sluice.jdbc.dropin]"),
          module.exports().stream().map(e -> e.source() + " -> " + (e.isQualified() ? e.targets() : "everyone"))
              .collect(Collectors.toSet()));
      assertEquals(Set.of("io.sluice.jdbc.internal"),
          module.opens().stream().map(ModuleDescriptor.Opens::source).collect(Collectors.toSet()));
    }
  }

  @Test
  void everyReferenceGoesDownTheLayers() throws Exception {
    Map<String, Set<String>> refs = ClassReferences.of(classes());
    assertFalse(refs.isEmpty());
    assertEquals(List.of(), violations(refs));
  }

  @Test
  void aPlantedReferenceAgainstTheLayersIsFound() {
    Map<String, Set<String>> planted = Map.of(
        "io.sluice.jdbc.internal.Planted", Set.of("io.sluice.jdbc.SluiceDriver", "java.lang.Object"),
        "io.sluice.jdbc.internal.Reaching", Set.of("io.sluice.internal.engine.RequestEngine"),
        "io.sluice.jdbc.SluiceDriver", Set.of("io.sluice.jdbc.internal.DriverSettings", "io.sluice.Connection"));
    assertEquals(List.of(
        "io.sluice.jdbc.internal.Planted -> io.sluice.jdbc.SluiceDriver: the implementation refers to the API above it",
        "io.sluice.jdbc.internal.Reaching -> io.sluice.internal.engine.RequestEngine: the client's internals, not exported"),
        violations(planted));
  }

  /** Each reference against the layers, as "from -> to: why". */
  static List<String> violations(Map<String, Set<String>> refs) {
    List<String> found = new ArrayList<>();
    for (var e : new java.util.TreeMap<>(refs).entrySet()) {
      String from = e.getKey();
      String fromPackage = ClassReferences.packageOf(from);
      for (String to : e.getValue()) {
        String toPackage = ClassReferences.packageOf(to);
        if (fromPackage.equals("io.sluice.jdbc.internal") && toPackage.equals("io.sluice.jdbc")) {
          found.add(from + " -> " + to + ": the implementation refers to the API above it");
        } else if (toPackage.startsWith("io.sluice") && !toPackage.startsWith("io.sluice.jdbc")
            && !CLIENT_EXPORTS.contains(toPackage)) {
          found.add(from + " -> " + to + ": the client's internals, not exported");
        }
      }
    }
    return found;
  }
}
