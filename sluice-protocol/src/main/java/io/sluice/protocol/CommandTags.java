package io.sluice.protocol;

/**
 * Reads CommandComplete tags ({@code INSERT 0 5}, {@code UPDATE 3}, {@code SELECT 10}, {@code
 * COPY 7}; protocol-message-formats.html, "CommandComplete"): the one place that parses them, in
 * place, as this runs for every statement.
 */
public final class CommandTags {
  private CommandTags() {}

  /** The number of rows the command affected or returned, from its tag; -1 when it reports none. */
  public static long rowCount(String tag) {
    if (tag == null || !reportsRows(tag)) {
      return -1;
    }
    return lastNumber(tag);
  }

  /** Whether the tag's count is of rows a statement with columns sent as DataRows (not MOVE or COPY). */
  public static boolean countsRowsSent(String tag) {
    return tag.startsWith("SELECT ") || tag.startsWith("INSERT ") || tag.startsWith("UPDATE ")
        || tag.startsWith("DELETE ") || tag.startsWith("MERGE ") || tag.startsWith("FETCH ");
  }

  private static boolean reportsRows(String tag) {
    return countsRowsSent(tag) || tag.startsWith("MOVE ") || tag.startsWith("COPY ");
  }

  /** The tag's last word as a count, or -1 when it is not one. */
  static long lastNumber(String tag) {
    int from = tag.lastIndexOf(' ') + 1;
    if (from == 0 || from == tag.length()) {
      return -1;
    }
    long n = 0;
    for (int i = from; i < tag.length(); i++) {
      char c = tag.charAt(i);
      if (c < '0' || c > '9' || n > Long.MAX_VALUE / 10) {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }
}
