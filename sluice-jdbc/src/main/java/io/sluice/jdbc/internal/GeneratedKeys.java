package io.sluice.jdbc.internal;

import io.sluice.sql.Identifiers;
import java.sql.SQLException;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * What a statement returns as generated keys: nothing, every column ({@code RETURNING *}, as
 * pgjdbc does for {@code RETURN_GENERATED_KEYS}), or the named columns. Keys come from a {@code
 * RETURNING} clause appended to INSERT, UPDATE, DELETE and MERGE statements that have none.
 */
record GeneratedKeys(String returning) {
  static final GeneratedKeys NONE = new GeneratedKeys(null);
  static final GeneratedKeys ALL = new GeneratedKeys("*");

  static GeneratedKeys named(String[] columns) throws SQLException {
    if (columns == null || columns.length == 0) {
      return ALL;
    }
    StringJoiner j = new StringJoiner(", ");
    for (String c : columns) {
      try {
        // quoted as given, as pgjdbc does (quoteReturningIdentifiers): "ID" is not the column id
        j.add(Identifiers.quote(c));
      } catch (io.sluice.ValueException e) {
        throw SqlErrors.of("bad generated key column name: " + e.getMessage(), "42602");
      }
    }
    return new GeneratedKeys(j.toString());
  }

  boolean wanted() {
    return returning != null;
  }

  /** {@code sql} with the RETURNING clause, when it is a data-changing statement without one. */
  String apply(String sql) {
    if (returning == null) {
      return sql;
    }
    String head = firstWord(sql);
    boolean changes = head.equals("insert") || head.equals("update") || head.equals("delete") || head.equals("merge");
    if (!changes || sql.toLowerCase(Locale.ROOT).matches("(?s).*\\breturning\\b.*")) {
      return sql;
    }
    return sql + " RETURNING " + returning;
  }

  private static String firstWord(String sql) {
    String s = sql.stripLeading();
    int i = 0;
    while (i < s.length() && Character.isLetter(s.charAt(i))) {
      i++;
    }
    return s.substring(0, i).toLowerCase(Locale.ROOT);
  }
}
