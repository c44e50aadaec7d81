package io.sluice.lab.clojure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import clojure.java.api.Clojure;
import io.sluice.bench.Datasets;
import io.sluice.bench.Driver;
import io.sluice.bench.Drivers;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lab's Clojure interfaces are found on this module's main class path (the service file) and
 * read the same values as the Java ones: same rows, same checksum; their namespaces (and the HTTP
 * servers' sluice.lab-http) load without reflection warnings.
 */
@ServerTest
class ClojureDriversTest {
  private static final List<String> CLOJURE = List.of("clj-sluice", "clj-java.jdbc");

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void clojureInterfacesAgreeWithTheJavaOne() throws Exception {
    assertTrue(Drivers.names().containsAll(CLOJURE), "the lab finds them: " + Drivers.names());
    Target target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    List<Driver> drivers = Drivers.open(List.of("sluice", "clj-sluice", "clj-java.jdbc"), target);
    try {
      for (String name : List.of("int1", "mixed9", "t50k-rows", "ts60")) {
        Workload w = Workloads.named(name);
        Fold expected = runOnce(drivers.get(0), w);
        for (Driver d : drivers.subList(1, drivers.size())) {
          assertTrue(d.supports(w), d.name() + " runs " + name);
          Fold got = runOnce(d, w);
          assertEquals(expected.rows(), got.rows(), d.name() + " " + name + ": rows");
          assertEquals(Long.toHexString(expected.checksum()), Long.toHexString(got.checksum()),
              d.name() + " " + name + ": checksum");
        }
      }
      for (Driver d : drivers.subList(1, drivers.size())) {
        assertFalse(d.supports(Workloads.named("point-seq")), d.name() + " runs bulk cases only");
      }
    } finally {
      Drivers.closeAll(drivers, null);
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void theNamespaceLoadsWithoutReflection() {
    Object warnings = Clojure.var("clojure.core", "load-string").invoke("""
        (require (quote clojure.string))
        (let [w (java.io.StringWriter.)]
          (binding [*err* (java.io.PrintWriter. w true)]
            (require 'sluice.lab-drivers 'sluice.lab-http :reload))
          (->> (clojure.string/split-lines (str w))
               (filter #(clojure.string/includes? % "Reflection warning"))
               (vec)))
        """);
    assertEquals(List.of(), warnings);
  }

  private static Fold runOnce(Driver d, Workload w) throws Exception {
    d.prepare(w);
    Fold f = new Fold();
    d.run(w, f);
    return f;
  }
}
