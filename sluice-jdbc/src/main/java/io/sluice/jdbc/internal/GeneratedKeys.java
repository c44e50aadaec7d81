package io.sluice.jdbc.internal;

import io.sluice.sql.Identifiers;
import io.sluice.sql.SqlScanner;
import java.sql.SQLException;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * What a statement returns as generated keys: nothing, every column ({@code RETURNING *}, as
 * pgjdbc does for {@code RETURN_GENERATED_KEYS}), or the named columns.
 *
 * <p>Keys come from a {@code RETURNING} clause appended by pgjdbc's rules ({@code
 * org.postgresql.core.Parser#addReturning}): to an INSERT, UPDATE or DELETE, or to a WITH whose
 * main statement is one of them ({@code WITH t AS (…) INSERT …}); never to a MERGE (which has
 * RETURNING only since PostgreSQL 17) or a SELECT; and not when the statement has a RETURNING of
 * its own outside parentheses (one in a CTE, a string or a comment does not count).
 */
public record GeneratedKeys(String returning) {
  static final GeneratedKeys NONE = new GeneratedKeys(null);
  static final GeneratedKeys ALL = new GeneratedKeys("*");

  /**
   * The named columns, each quoted as given when {@code quote} (pgjdbc's {@code
   * quoteReturningIdentifiers}, on by default: {@code "ID"} is not the column {@code id}), else
   * written as given, for callers that quote their names themselves ({@code "\"Id\""}); a name
   * starting with {@code *} asks for every column, as in pgjdbc.
   */
  static GeneratedKeys named(String[] columns, boolean quote) throws SQLException {
    if (columns == null || columns.length == 0) {
      return ALL;
    }
    if (columns.length == 1 && columns[0].startsWith("*")) {
      return ALL;
    }
    StringJoiner j = new StringJoiner(", ");
    for (String c : columns) {
      try {
        j.add(quote ? Identifiers.quote(c) : c);
      } catch (io.sluice.ValueException e) {
        throw SqlErrors.of("bad generated key column name: " + e.getMessage(), "42602");
      }
    }
    return new GeneratedKeys(j.toString());
  }

  boolean wanted() {
    return returning != null;
  }

  /** {@code sql} (one statement) with the RETURNING clause, when pgjdbc's rules give it one. */
  String apply(String sql, boolean standardStrings) {
    if (returning == null || read(sql, standardStrings) != Shape.CHANGES) {
      return sql;
    }
    return sql + "\nRETURNING " + returning;
  }

  /**
   * Whether the rows {@code sql} returns are its generated keys: those of an INSERT, UPDATE or
   * DELETE (with the RETURNING added, or its own, as pgjdbc takes it); a SELECT's rows, or a
   * MERGE's, are an ordinary result.
   */
  static boolean returnsKeys(String sql, boolean standardStrings) {
    return read(sql, standardStrings) != Shape.OTHER;
  }

  /** What pgjdbc's parser makes of a statement, for generated keys. */
  private enum Shape {
    /** INSERT, UPDATE or DELETE (perhaps after WITH) without RETURNING: one is added. */
    CHANGES,
    /** The same, with a RETURNING of its own outside parentheses. */
    CHANGES_RETURNING,
    /** Anything else: left alone. */
    OTHER
  }

  /** The statement kinds that can take RETURNING, as pgjdbc's {@code SqlCommandType} tells them. */
  private enum Command {
    /** Nothing read yet. */
    BLANK,
    /** A WITH whose main statement is not known yet. */
    WITH,
    /** INSERT, UPDATE or DELETE: takes RETURNING. */
    CHANGES,
    /** Anything else. */
    OTHER
  }

  private static Shape read(String sql, boolean standardStrings) {
    SqlScanner scanner = new SqlScanner(sql, standardStrings);
    Command command = Command.BLANK;
    int parens = 0;
    boolean returning = false;
    // after WITH, a main-statement keyword, unless AS follows it (then it names a CTE)
    String pending = null;
    while (scanner.next()) {
      SqlScanner.Kind kind = scanner.kind();
      if (kind == SqlScanner.Kind.LINE_COMMENT || kind == SqlScanner.Kind.BLOCK_COMMENT
          || (kind == SqlScanner.Kind.OTHER && Character.isWhitespace(scanner.first()))) {
        continue;
      }
      String word = kind == SqlScanner.Kind.WORD
          ? sql.substring(scanner.start(), scanner.end()).toLowerCase(Locale.ROOT) : "";
      if (pending != null) {
        if (!word.equals("as")) {
          command = pending.equals("select") ? Command.OTHER : Command.CHANGES;
        }
        pending = null;
      }
      if (kind == SqlScanner.Kind.OTHER) {
        parens += scanner.first() == '(' ? 1 : scanner.first() == ')' ? -1 : 0;
      }
      if (kind != SqlScanner.Kind.WORD || parens != 0) {
        continue;
      }
      if (word.equals("returning")) {
        returning = true;
      }
      if (command == Command.BLANK) {
        command = switch (word) {
          case "insert", "update", "delete" -> Command.CHANGES;
          case "with" -> Command.WITH;
          default -> Command.OTHER;
        };
      } else if (command == Command.WITH && (word.equals("insert") || word.equals("update")
          || word.equals("delete") || word.equals("select"))) {
        pending = word;
      }
    }
    if (pending != null) {
      command = pending.equals("select") ? Command.OTHER : Command.CHANGES;
    }
    return command != Command.CHANGES ? Shape.OTHER : returning ? Shape.CHANGES_RETURNING : Shape.CHANGES;
  }
}
