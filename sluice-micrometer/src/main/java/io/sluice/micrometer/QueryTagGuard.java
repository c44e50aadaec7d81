package io.sluice.micrometer;

import io.sluice.event.QuerySummary;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The {@code query} tag's value for a statement, with a bound on how many distinct values there
 * may ever be: the first {@code max} values seen are kept, and every later one is {@value #OTHER},
 * so that statements built from user input cannot make unbounded time series.
 */
final class QueryTagGuard {
  static final String OTHER = "other";

  private final QueryTag kind;
  private final int max;
  private final Set<String> admitted = ConcurrentHashMap.newKeySet();
  private final Function<String, String> summaries;

  QueryTagGuard(QueryTag kind, int max) {
    this.kind = kind;
    this.max = max;
    this.summaries = QuerySummary.memo(Math.max(max, 1024));
  }

  boolean enabled() {
    return kind != QueryTag.NONE;
  }

  /** The tag value for {@code sql}. */
  String value(String sql) {
    String v = kind == QueryTag.SUMMARY ? summaries.apply(sql) : sql;
    if (admitted.contains(v)) {
      return v;
    }
    synchronized (admitted) {
      if (admitted.size() < max) {
        admitted.add(v);
        return v;
      }
    }
    return admitted.contains(v) ? v : OTHER;
  }
}
