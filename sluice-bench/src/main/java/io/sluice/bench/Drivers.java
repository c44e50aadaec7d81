package io.sluice.bench;

import io.sluice.bench.drivers.LibpqDriver;
import io.sluice.bench.drivers.OdbcDriver;
import io.sluice.bench.drivers.JdbcDriver;
import io.sluice.bench.drivers.PsqlDriver;
import io.sluice.bench.drivers.SluiceDriver;
import io.sluice.bench.drivers.VertxDriver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every driver the benchmark knows, by name, in report order. */
public final class Drivers {

  /** Opens a driver's connections to {@code target}. */
  @FunctionalInterface
  public interface Factory {
    Driver open(Target target) throws Exception;
  }

  private static final Map<String, Factory> ALL = new LinkedHashMap<>();

  static {
    ALL.put("pgjdbc", JdbcDriver::defaults);
    ALL.put("pgjdbc-binary", JdbcDriver::binary);
    ALL.put("sluice-jdbc", JdbcDriver::sluiceJdbc);
    ALL.put("vertx", VertxDriver::new);
    ALL.put("sluice", SluiceDriver::buffered);
    ALL.put("sluice-stream", SluiceDriver::streaming);
    ALL.put("sluice-pool", SluiceDriver::pooled);
    ALL.put("libpq", t -> LibpqDriver.open(t, LibpqDriver.Mode.NORMAL));
    ALL.put("libpq-single", t -> LibpqDriver.open(t, LibpqDriver.Mode.SINGLE));
    ALL.put("libpq-pipeline", t -> LibpqDriver.open(t, LibpqDriver.Mode.PIPELINE));
    ALL.put("psql", PsqlDriver::open);
    ALL.put("odbc", t -> OdbcDriver.open(t, OdbcDriver.Mode.NORMAL));
    ALL.put("odbc-cursor", t -> OdbcDriver.open(t, OdbcDriver.Mode.CURSOR));
    for (DriverProvider p : java.util.ServiceLoader.load(DriverProvider.class)) {
      ALL.putAll(p.drivers());
    }
  }

  private Drivers() {}

  public static List<String> names() {
    return List.copyOf(ALL.keySet());
  }

  /** Opens the named drivers, in the order given; on a failure closes those already open. */
  public static List<Driver> open(List<String> names, Target target) throws Exception {
    return open(names, target, null);
  }

  /**
   * As {@link #open(List, Target)}; a driver that cannot run on this machine ({@link
   * DriverUnavailable}) is left out and its reason added to {@code skipped}, when given.
   */
  public static List<Driver> open(List<String> names, Target target, List<String> skipped) throws Exception {
    List<Driver> open = new ArrayList<>();
    try {
      for (String name : names) {
        Factory factory = ALL.get(name);
        if (factory == null) {
          throw new IllegalArgumentException("no driver " + name + "; there are " + names());
        }
        try {
          open.add(factory.open(target));
        } catch (DriverUnavailable e) {
          if (skipped == null) {
            throw e;
          }
          skipped.add(name + " skipped: " + e.getMessage());
        }
      }
      return open;
    } catch (Exception e) {
      closeAll(open, e);
      throw e;
    }
  }

  /**
   * Closes every driver (or other resource: the lab's HTTP servers), adding failures to {@code
   * failure} (or throwing the first when it is null).
   */
  public static void closeAll(List<? extends AutoCloseable> drivers, Exception failure) throws Exception {
    Exception first = failure;
    for (AutoCloseable d : drivers) {
      try {
        d.close();
      } catch (Exception e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (failure == null && first != null) {
      throw first;
    }
  }
}
