package io.sluice.lab;

import io.sluice.bench.Drivers;
import io.sluice.bench.Warmup;
import io.sluice.lab.http.HttpBench;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The command line of {@code bin/sluice lab}, the lab's one entry ({@link Lab#main}).
 *
 * @param warmups a fixed warm-up count instead of the profile's rule, or null
 * @param runs measured runs instead of the profile's, or 0
 * @param pg the embedded PostgreSQL major to start (18 or 15)
 * @param url an existing server to use instead, or null
 * @param dataDir where the lab's PostgreSQL cluster (data sets and results) and reports live
 */
public record LabOptions(String profile, Integer warmups, int runs, String pg, String url, List<String> only,
    List<String> interfaces, Path dataDir, boolean help) {

  static final String USAGE = """
      bin/sluice lab [options]: every case of the chosen profile on every interface, results kept in
      PostgreSQL, a table here, an HTML and a JSON report in the lab directory.
        --profile P          quick (a minute or two), default (about ten minutes), full
        --warmups N          exactly N warm-up executions per case and interface, instead of
                             warming until the times settle (see docs/lab.md)
        --runs N             measured runs per case and interface, instead of the profile's
        --pg 18|15           the embedded PostgreSQL to start (default 18)
        --url URI            use this server instead (postgresql://user:password@host:port/db)
        --only W[,W...]      only these workloads: %s
        --interfaces I[,I]   only these interfaces: %s
        --dir DIR            the lab directory (default: $SLUICE_LAB_DIR, else /var/lib/sluice-lab
                             as root, else ${XDG_DATA_HOME:-~/.local/share}/sluice-lab)
        --help               this text
      """;

  public static LabOptions parse(String... args) {
    String profile = "default";
    Integer warmups = null;
    int runs = 0;
    String pg = "18";
    String url = null;
    List<String> only = List.of();
    List<String> interfaces = null;
    Path dir = defaultDir();
    boolean help = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--profile" -> profile = value(args, ++i, a);
        case "--warmups" -> warmups = count(a, value(args, ++i, a), 0);
        case "--runs" -> runs = count(a, value(args, ++i, a), 1);
        case "--pg" -> pg = value(args, ++i, a);
        case "--url" -> url = value(args, ++i, a);
        case "--only" -> only = names(value(args, ++i, a), Profiles.caseNames(), "workload");
        case "--interfaces" -> interfaces = names(value(args, ++i, a), allInterfaces(), "interface");
        case "--dir" -> dir = Path.of(value(args, ++i, a));
        case "--help", "-h" -> help = true;
        default -> throw new IllegalArgumentException("unknown option " + a + "\n" + usage());
      }
    }
    Profiles chosen = Profiles.named(profile);   // checks the name
    if (interfaces == null) {
      interfaces = chosen.interfaces(allInterfaces());
    }
    if (!pg.matches("1[5-8]")) {
      throw new IllegalArgumentException("--pg takes a PostgreSQL major from 15 to 18, not " + pg);
    }
    return new LabOptions(profile, warmups, runs, pg, url, only, interfaces, dir, help);
  }

  /** The named profile with {@code --warmups} and {@code --runs} applied. */
  public Profiles chosenProfile() {
    Profiles p = Profiles.named(profile);
    if (warmups == null && runs == 0) {
      return p;
    }
    List<String> change = new java.util.ArrayList<>();
    if (warmups != null) {
      change.add(warmups + " warm-ups");
    }
    if (runs != 0) {
      change.add(runs + " runs");
    }
    return p.with(warmups != null ? Warmup.fixed(warmups) : p.warmup(), runs != 0 ? runs : p.runs(),
        String.join(", ", change));
  }

  public static String usage() {
    return USAGE.formatted(String.join(", ", Profiles.caseNames()), String.join(", ", allInterfaces()));
  }

  /** Every interface: the drivers, then the HTTP servers (which run the HTTP cases only). */
  static List<String> allInterfaces() {
    List<String> all = new java.util.ArrayList<>(Drivers.names());
    all.addAll(HttpBench.names());
    return List.copyOf(all);
  }

  /** The chosen interfaces that are drivers (the HTTP servers left out). */
  public List<String> drivers() {
    return interfaces.stream().filter(Drivers.names()::contains).toList();
  }

  static Path defaultDir() {
    String env = System.getenv("SLUICE_LAB_DIR");
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    if ("root".equals(System.getProperty("user.name"))) {
      return Path.of("/var/lib/sluice-lab");   // the server runs as another user, who cannot enter /root
    }
    String xdg = System.getenv("XDG_DATA_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".local", "share");
    return base.resolve("sluice-lab");
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

  private static List<String> names(String value, List<String> known, String what) {
    List<String> asked = Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
    for (String n : asked) {
      if (!known.contains(n)) {
        throw new IllegalArgumentException("no " + what + " " + n + "; there are " + String.join(", ", known));
      }
    }
    if (asked.isEmpty()) {
      throw new IllegalArgumentException("name at least one " + what);
    }
    return asked;
  }
}
