package io.sluice.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Helpers of {@link JdbcSql} over the pieces it rewrites an escape into (text, placeholders and
 * marks), and over the offsets of a statement's placeholders: no state of a rewrite of their own.
 */
final class EscapePieces {
  private EscapePieces() {}

  /**
   * An argument list's pieces split at its separators, each with its white space as written, so
   * that a translation reads as pgjdbc's does ({@code {fn timestampadd(SQL_TSI_DAY, ?, {fn now()})}}
   * is {@code (CAST( $1||' day' as interval)+ now())} in both); {@code ()} has none.
   */
  static List<List<Object>> arguments(List<Object> pieces) {
    List<List<Object>> args = new ArrayList<>();
    List<Object> arg = new ArrayList<>();
    for (Object p : pieces) {
      if (p == JdbcSql.Mark.ARG_SEPARATOR) {
        args.add(arg);
        arg = new ArrayList<>();
      } else {
        arg.add(p);
      }
    }
    if (!trim(arg).isEmpty() || !args.isEmpty()) {
      args.add(arg);
    }
    return args;
  }

  /** The pieces without leading and trailing white space. */
  static List<Object> trim(List<Object> pieces) {
    int from = 0;
    int to = pieces.size();
    while (from < to && pieces.get(from) instanceof String s && s.isBlank()) {
      from++;
    }
    while (to > from && pieces.get(to - 1) instanceof String s && s.isBlank()) {
      to--;
    }
    return new ArrayList<>(pieces.subList(from, to));
  }

  /** The white space a statement's text starts with, which the statement is sent without. */
  static int leadingSpace(StringBuilder sb) {
    int i = 0;
    while (i < sb.length() && Character.isWhitespace(sb.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The ends of one statement's holes ({@code sent[from..to)}) less its {@code lead} spaces; only its own:
   * looking at every hole for each statement was quadratic (1 MB of {@code " ?;"} took 56 s). */
  static void shift(int[] end, int[] sent, int from, int to, int lead) {
    for (int k = from; k < to; k++) {
      end[sent[k]] -= lead;
    }
  }
}
