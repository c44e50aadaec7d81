package io.sluice.lab.report;

import io.sluice.bench.Series;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The headline of a run, one line per case: the fastest interface, Sluice's best mode, and that
 * mode's median wall time over the fastest peer's (every interface that is not Sluice) and over
 * libpq's best mode (seed 003's reference). All by the median of the measured runs; each time
 * keeps its min and max.
 */
public final class Headline {
  private Headline() {}

  /** One case's line; {@code sluice}, {@code peer} or {@code libpq} is null when none of them ran it. */
  public record Line(String workload, Series fastest, Series sluice, Series peer, Series libpq) {
    /** Sluice's best median over the fastest peer's; NaN when either is missing. */
    public double toPeer() {
      return ratio(sluice, peer);
    }

    /** Sluice's best median over libpq's best mode's; NaN when either is missing. */
    public double toLibpq() {
      return ratio(sluice, libpq);
    }
  }

  /** Whether an interface is one of Sluice's (Java, Clojure or HTTP server). */
  public static boolean isSluice(String driver) {
    return driver.startsWith("sluice") || driver.startsWith("clj-sluice") || driver.startsWith("http-sluice")
        || driver.startsWith("http-clj-sluice");
  }

  /** Whether an interface is libpq in one of its modes. */
  public static boolean isLibpq(String driver) {
    return driver.equals("libpq") || driver.startsWith("libpq-");
  }

  /** The lines of {@code results}, in the order the cases first appear. */
  public static List<Line> of(List<Series> results) {
    List<Line> lines = new ArrayList<>();
    for (String w : results.stream().map(s -> s.workload().name()).distinct().toList()) {
      List<Series> of = results.stream().filter(s -> s.workload().name().equals(w) && !s.isEmpty()).toList();
      if (of.isEmpty()) {
        continue;
      }
      lines.add(new Line(w, fastest(of, s -> true).orElseThrow(), fastest(of, s -> isSluice(s.driver())).orElse(null),
          fastest(of, s -> !isSluice(s.driver())).orElse(null), fastest(of, s -> isLibpq(s.driver())).orElse(null)));
    }
    return lines;
  }

  private static Optional<Series> fastest(List<Series> of, java.util.function.Predicate<Series> which) {
    return of.stream().filter(which).min(Comparator.comparingLong(s -> s.wall().median()));
  }

  static double ratio(Series a, Series b) {
    if (a == null || b == null || b.wall().median() <= 0) {
      return Double.NaN;
    }
    return (double) a.wall().median() / b.wall().median();
  }
}
