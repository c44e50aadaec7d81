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
  @SuppressWarnings("unchecked")
  public Map<String, Drivers.Factory> drivers() {
    IFn require = Clojure.var("clojure.core", "require");
    require.invoke(Clojure.read("sluice.lab-drivers"));
    Map<String, Drivers.Factory> out = new LinkedHashMap<>();
    Map<String, IFn> factories = (Map<String, IFn>) Clojure.var("sluice.lab-drivers", "factories").invoke();
    factories.forEach((name, open) -> out.put(name, target -> (Driver) open.invoke(target)));
    return out;
  }
}
