package io.sluice.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Command-line options of {@link EngineBench}.
 *
 * @param profile "default" (3 warm-ups, 7 runs), "quick" (1 warm-up, 3 runs) or "custom"
 * @param workloads names, in table order
 * @param drivers names, in the order given
 */
public record Options(String profile, int warmups, int runs, List<String> workloads, List<String> drivers,
    Path out, boolean help) {

  static final String USAGE = """
      EngineBench: every workload on every driver, wall and CPU time, checksums compared.
        --quick              1 warm-up and 3 measured runs (default: 3 and 7)
        --warmups N          warm-up runs per workload and driver
        --runs N             measured runs per workload and driver
        --only W[,W...]      only these workloads: %s
        --drivers D[,D...]   only these drivers, in this order: %s
        --out FILE           the JSON report (default: property sluice.bench.out, else target/bench-results.json)
        --help               this text
      """;

  public static Options parse(String... args) {
    String profile = "default";
    int warmups = 3;
    int runs = 7;
    Integer warmupOverride = null;
    Integer runsOverride = null;
    List<String> workloads = Workloads.names();
    List<String> drivers = Drivers.names();
    String defaultOut = System.getProperty("sluice.bench.out", "target/bench-results.json");
    Path out = Path.of(defaultOut);
    boolean help = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--quick" -> {
          profile = "quick";
          warmups = 1;
          runs = 3;
        }
        case "--warmups" -> warmupOverride = count(arg, value(args, ++i, arg), 0);
        case "--runs" -> runsOverride = count(arg, value(args, ++i, arg), 1);
        case "--only" -> workloads = known(value(args, ++i, arg), Workloads.names(), "workload", true);
        case "--drivers" -> drivers = known(value(args, ++i, arg), Drivers.names(), "driver", false);
        case "--out" -> out = Path.of(value(args, ++i, arg));
        case "--help", "-h" -> help = true;
        default -> throw new IllegalArgumentException("unknown option " + arg + "\n" + usage());
      }
    }
    if (warmupOverride != null || runsOverride != null) {
      profile = "custom";
      warmups = warmupOverride != null ? warmupOverride : warmups;
      runs = runsOverride != null ? runsOverride : runs;
    }
    return new Options(profile, warmups, runs, workloads, drivers, out, help);
  }

  static String usage() {
    return USAGE.formatted(String.join(", ", Workloads.names()), String.join(", ", Drivers.names()));
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value\n" + usage());
    }
    return args[i];
  }

  private static int count(String option, String value, int min) {
    try {
      int n = Integer.parseInt(value);
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new IllegalArgumentException(option + " needs a whole number >= " + min + ", not " + value);
  }

  /** The comma-separated names, each checked; workloads keep table order, drivers the order given. */
  private static List<String> known(String value, List<String> all, String what, boolean tableOrder) {
    List<String> asked = Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    for (String name : asked) {
      if (!all.contains(name)) {
        throw new IllegalArgumentException("no " + what + " " + name + "; there are " + String.join(", ", all));
      }
    }
    if (asked.isEmpty()) {
      throw new IllegalArgumentException("name at least one " + what);
    }
    return tableOrder ? all.stream().filter(asked::contains).toList() : asked.stream().distinct().toList();
  }
}
