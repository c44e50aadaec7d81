package io.sluice.lab.report;

import io.sluice.bench.Series;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run in one table: each interface's median wall time over the reference's (libpq, else
 * pgjdbc), as a geometric mean over the same cases for every interface in the table, so that two
 * lines compare. Those cases are the ones every listed interface ran; an interface that ran so few
 * that it would shrink them below half of the best-covered interface's cases is left out of the
 * table (and named), fewest first: the Clojure and HTTP interfaces, which run a handful of cases.
 *
 * @param reference the interface every ratio divides by
 * @param cases the cases every row's mean is over
 * @param rows one per interface in the table
 * @param left interfaces left out, with the number of cases they ran
 */
public record Summary(String reference, List<String> cases, List<Row> rows, Map<String, Integer> left) {

  /** One interface: geometric mean, smallest and largest of its per-case ratios. */
  public record Row(String driver, double geomean, double min, double max) {}

  public static Summary of(List<Series> results) {
    Map<String, Map<String, Series>> byDriver = new LinkedHashMap<>();
    for (Series s : results) {
      if (!s.isEmpty()) {
        byDriver.computeIfAbsent(s.driver(), d -> new LinkedHashMap<>()).put(s.workload().name(), s);
      }
    }
    List<String> kept = new ArrayList<>(byDriver.keySet());
    Map<String, Integer> left = new LinkedHashMap<>();
    int most = byDriver.values().stream().mapToInt(Map::size).max().orElse(0);
    while (kept.size() > 1 && common(kept, byDriver).size() * 2 < most) {
      String fewest = kept.stream().min(Comparator.comparingInt(d -> byDriver.get(d).size())).orElseThrow();
      kept.remove(fewest);
      left.put(fewest, byDriver.get(fewest).size());
    }
    Set<String> cases = common(kept, byDriver);
    String reference = kept.contains("libpq") ? "libpq" : kept.contains("pgjdbc") ? "pgjdbc"
        : kept.isEmpty() ? null : kept.get(0);
    List<Row> rows = new ArrayList<>();
    for (String d : kept) {
      double logSum = 0;
      double min = Double.POSITIVE_INFINITY;
      double max = 0;
      for (String c : cases) {
        double r = Headline.ratio(byDriver.get(d).get(c), byDriver.get(reference).get(c));
        logSum += Math.log(r);
        min = Math.min(min, r);
        max = Math.max(max, r);
      }
      if (!cases.isEmpty()) {
        rows.add(new Row(d, Math.exp(logSum / cases.size()), min, max));
      }
    }
    return new Summary(reference, List.copyOf(cases), rows, left);
  }

  /** The interfaces left out, as a reader reads them: "clj-sluice (1 case), http-sluice (3 cases)". */
  public String leftOut() {
    return String.join(", ", left.entrySet().stream()
        .map(e -> e.getKey() + " (" + e.getValue() + (e.getValue() == 1 ? " case)" : " cases)")).toList());
  }

  private static Set<String> common(List<String> drivers, Map<String, Map<String, Series>> byDriver) {
    Set<String> common = null;
    for (String d : drivers) {
      if (common == null) {
        common = new LinkedHashSet<>(byDriver.get(d).keySet());
      } else {
        common.retainAll(byDriver.get(d).keySet());
      }
    }
    return common == null ? Set.of() : common;
  }
}
