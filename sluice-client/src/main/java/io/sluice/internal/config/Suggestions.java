package io.sluice.internal.config;

import java.util.Locale;
import java.util.Map;

/**
 * The "did you mean" of an unknown parameter name: the accepted name it was probably meant to be.
 * The work is bounded whatever the input, so that refusing a bad name costs time in proportion to
 * its length and never length × keys (issue 37 §3: a 1 MB name once took 2 s to be refused): a
 * name longer than {@link #MAX_NAME} gets no suggestion and is not compared at all; a candidate
 * whose length differs by more than {@link #MAX_DISTANCE} is skipped; and the edit distance is
 * computed only in the diagonal band of width {@code 2 × MAX_DISTANCE + 1}, stopping as soon as
 * a whole row exceeds the limit. So a suggestion costs at most keys × 5 × 64 cells.
 */
final class Suggestions {
  private Suggestions() {}

  /** The longest name a suggestion is looked for: twice the longest keyword, with room for typos. */
  static final int MAX_NAME = 64;

  /** The furthest (in edits) a suggestion may be from the name. */
  static final int MAX_DISTANCE = 2;

  /** Names other drivers use for a libpq keyword, too far from it for the edit distance. */
  private static final Map<String, String> ALIASES = Map.of(
      "database", "dbname",
      "db", "dbname",
      "username", "user",
      "pass", "password",
      "ssl", "sslmode",
      "timeout", "connect_timeout",
      "applicationname", "application_name");

  /**
   * The candidate closest to {@code name} (ignoring case) if its edit distance is at most {@link
   * #MAX_DISTANCE}, or the keyword a common alias from other drivers stands for; null when there
   * is none or {@code name} is longer than {@link #MAX_NAME} (then no candidate is looked at).
   */
  static String nearest(String name, Iterable<String> candidates) {
    if (name.length() > MAX_NAME) {
      return null;
    }
    String lower = name.toLowerCase(Locale.ROOT);
    String alias = ALIASES.get(lower);
    if (alias != null) {
      return alias;
    }
    String best = null;
    int bestDistance = MAX_DISTANCE + 1;
    for (String candidate : candidates) {
      if (bestDistance == 0) {
        break;
      }
      int d = distance(lower, candidate, bestDistance - 1);
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return best;
  }

  /**
   * The Levenshtein distance (insert, delete, substitute; each costs 1) of {@code a} and {@code
   * b} if it is at most {@code limit}, else {@code limit + 1}. Only cells within {@code limit} of
   * the diagonal are computed (any path through another cell already costs more), so the work is
   * at most {@code (2 × limit + 1) × min(|a|, |b|)}, and none when the lengths alone differ by more.
   */
  static int distance(String a, String b, int limit) {
    assert limit >= 0;
    if (Math.abs(a.length() - b.length()) > limit) {
      return limit + 1;
    }
    int over = limit + 1;
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = Math.min(j, over);
    }
    for (int i = 1; i <= a.length(); i++) {
      int from = Math.max(1, i - limit);
      int to = Math.min(b.length(), i + limit);
      // the cells just outside the band count as over the limit
      cur[from - 1] = from == 1 ? Math.min(i, over) : over;
      int rowMin = cur[from - 1];
      for (int j = from; j <= to; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int above = j <= i - 1 + limit ? prev[j] : over;   // outside the previous row's band
        int v = Math.min(Math.min(cur[j - 1] + 1, above + 1), prev[j - 1] + cost);
        cur[j] = Math.min(v, over);
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (rowMin > limit) {
        return over;
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
