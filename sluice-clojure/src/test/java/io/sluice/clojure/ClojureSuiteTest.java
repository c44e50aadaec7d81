package io.sluice.clojure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import clojure.java.api.Clojure;
import clojure.lang.IFn;
import io.sluice.testkit.ServerTest;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the clojure.test suite (sluice.test-runner) from Maven's test phase, so that
 * {@code bin/sluice test} covers the Clojure API. The runner also loads every main namespace with
 * reflection warnings captured: a reflection warning fails the run like a failed assertion.
 */
@ServerTest
class ClojureSuiteTest {
  @Test
  @Timeout(value = 600, unit = TimeUnit.SECONDS)
  void clojureTests() {
    IFn require = Clojure.var("clojure.core", "require");
    require.invoke(Clojure.read("sluice.test-runner"));
    Object summary = Clojure.var("sluice.test-runner", "run-all").invoke();
    @SuppressWarnings("unchecked")
    Map<Object, Object> m = (Map<Object, Object>) summary;
    assertEquals(0L, ((Number) m.get(Clojure.read(":fail"))).longValue(), "clojure.test failures: " + m);
    assertEquals(0L, ((Number) m.get(Clojure.read(":error"))).longValue(), "clojure.test errors: " + m);
    assertEquals(0L, ((Number) m.get(Clojure.read(":reflection"))).longValue(), "reflection warnings: " + m);
  }
}
