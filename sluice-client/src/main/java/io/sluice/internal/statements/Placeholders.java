package io.sluice.internal.statements;

import io.sluice.sql.SqlScanner;

/**
 * Finds how many parameters a statement's SQL uses: the highest {@code $n} it references, the way
 * PostgreSQL's scanner ({@code src/backend/parser/scan.l}, rule {@code param}) sees it. Text that
 * the scanner reads as something else (strings, quoted identifiers, dollar quotes, comments,
 * names such as {@code a$1}) is skipped; see {@link SqlScanner}. Unterminated strings or comments
 * end the scan: the server reports the syntax error, so this never throws.
 */
final class Placeholders {
  private Placeholders() {}

  /** The highest parameter number {@code sql} references; 0 when it has none. */
  static int highest(String sql) {
    return highest(sql, true);
  }

  /** As {@link #highest(String)}, for a session whose {@code standard_conforming_strings} is as given. */
  static int highest(String sql, boolean standardConformingStrings) {
    SqlScanner s = new SqlScanner(sql, standardConformingStrings);
    int highest = 0;
    while (s.next()) {
      if (s.kind() == SqlScanner.Kind.PARAMETER) {
        highest = Math.max(highest, s.parameterNumber());
      }
    }
    return highest;
  }
}
