package io.sluice.internal.statements;

import io.sluice.sql.SqlScanner;
import java.util.Locale;

/**
 * Recognises {@code COPY … FROM STDIN} and {@code COPY … TO STDOUT}: run as an ordinary statement
 * their data exchange (CopyInResponse, CopyOutResponse) would stall every request pipelined behind
 * them, so they go through the COPY API, which holds the connection for the exchange. Server-side
 * COPY (to or from a file or a program) is an ordinary statement.
 */
final class CopyStatements {
  private CopyStatements() {}

  /** Whether {@code sql} is a COPY whose data comes from or goes to the client. */
  static boolean viaClient(String sql, boolean standardConformingStrings) {
    SqlScanner s = new SqlScanner(sql, standardConformingStrings);
    String first = nextWord(s, sql);
    if (first == null || !first.equals("copy")) {
      return false;
    }
    int depth = 0;
    boolean afterDirection = false;
    while (s.next()) {
      switch (s.kind()) {
        case WORD -> {
          String w = sql.substring(s.start(), s.end()).toLowerCase(Locale.ROOT);
          if (afterDirection) {
            return w.equals("stdin") || w.equals("stdout");
          }
          // FROM or TO of the COPY itself, not of a query in parentheses: the source or target follows
          afterDirection = depth == 0 && (w.equals("from") || w.equals("to"));
        }
        case OTHER -> {
          char c = s.first();
          if (c == '(') {
            depth++;
          } else if (c == ')') {
            depth--;
          } else if (afterDirection && !Character.isWhitespace(c)) {
            return false;
          }
        }
        case STRING, QUOTED_IDENTIFIER, DOLLAR_STRING, PARAMETER -> {
          if (afterDirection) {
            return false;   // a file name, or anything else: not the client
          }
        }
        default -> { /* comments */ }
      }
    }
    return false;
  }

  /** The next word in lower case, skipping spaces and comments; null when something else comes. */
  private static String nextWord(SqlScanner s, String sql) {
    while (s.next()) {
      switch (s.kind()) {
        case WORD -> {
          return sql.substring(s.start(), s.end()).toLowerCase(Locale.ROOT);
        }
        case LINE_COMMENT, BLOCK_COMMENT -> { }
        case OTHER -> {
          if (!Character.isWhitespace(s.first())) {
            return null;
          }
        }
        default -> {
          return null;
        }
      }
    }
    return null;
  }
}
