package io.sluice.jdbc.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The routine a rewritten call escape names ({@code select * from s.f(…) as result} or {@code call
 * s.f(…)}), as the server would look it up: each part of the dotted name unquoted ({@code ""} in a
 * quoted part is one quote) or folded to lower case (PostgreSQL's {@code downcase_identifier}
 * folds ASCII letters only). Read here rather than by the server ({@code parse_ident}), because a
 * name the server cannot parse would fail the lookup, and with it the caller's transaction.
 *
 * @param schema the schema given before the last dot, or null when the name is not qualified
 * @param name the routine's name
 */
record RoutineName(String schema, String name) {
  private static final String[] PREFIXES = {"select * from ", "call "};

  /** The routine of {@code statement}, the text of a rewritten call escape; empty if it cannot be read. */
  static Optional<RoutineName> of(String statement) {
    String s = statement.stripLeading();
    for (String prefix : PREFIXES) {
      if (s.regionMatches(true, 0, prefix, 0, prefix.length())) {
        return parts(s, prefix.length());
      }
    }
    return Optional.empty();
  }

  private static Optional<RoutineName> parts(String s, int from) {
    List<String> parts = new ArrayList<>();
    int i = from;
    while (true) {
      StringBuilder part = new StringBuilder();
      if (i < s.length() && s.charAt(i) == '"') {
        for (i++; ; i++) {
          if (i >= s.length()) {
            return Optional.empty();   // unterminated quote: the server will say so
          }
          char c = s.charAt(i);
          if (c == '"') {
            if (i + 1 < s.length() && s.charAt(i + 1) == '"') {
              part.append('"');
              i++;
            } else {
              i++;
              break;
            }
          } else {
            part.append(c);
          }
        }
      } else {
        int start = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '$')) {
          i++;
        }
        if (i == start) {
          return Optional.empty();
        }
        for (int k = start; k < i; k++) {
          char c = s.charAt(k);
          part.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
        }
      }
      parts.add(part.toString());
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      if (i < s.length() && s.charAt(i) == '.') {
        i++;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
          i++;
        }
        continue;
      }
      if (i >= s.length() || s.charAt(i) != '(' || parts.size() > 3) {
        return Optional.empty();
      }
      int n = parts.size();
      // database.schema.name: the server checks the database; the schema is the part before the name
      return Optional.of(new RoutineName(n == 1 ? null : parts.get(n - 2), parts.get(n - 1)));
    }
  }
}
