package io.sluice.lab.clojure;

import clojure.java.api.Clojure;
import clojure.lang.IFn;
import io.sluice.bench.Driver;
import io.sluice.bench.DriverProvider;
import io.sluice.bench.Drivers;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lab's Clojure interfaces ({@code sluice.lab-drivers}): Sluice's Clojure API and
 * org.clojure/java.jdbc over pgjdbc, both building maps, for seed 000's tests in Clojure. Found by
 * {@link Drivers} through {@code META-INF/services} when this module is on the class path, as it
 * is for {@code bin/sluice lab}.
 */
public final class ClojureDrivers implements DriverProvider {
  @Override
  public Map<String, Drivers.Factory> drivers() {
    Map<String, Drivers.Factory> out = new LinkedHashMap<>();
    factories("sluice.lab-drivers").forEach((name, open) -> out.put(name, target -> (Driver) open.invoke(target)));
    return out;
  }

  /** The factories (name -> fn of a target) that {@code (ns/factories)} returns, the namespace loaded first. */
  @SuppressWarnings("unchecked")
  static Map<String, IFn> factories(String ns) {
    Clojure.var("clojure.core", "require").invoke(Clojure.read(ns));
    return (Map<String, IFn>) Clojure.var(ns, "factories").invoke();
  }
}
