package io.sluice.jdbc.internal;

import io.sluice.sql.SqlScanner;
import io.sluice.sql.SqlScanner.Kind;
import java.sql.SQLException;
import java.util.Locale;

/**
 * What the driver must know of a statement's text before it runs it: whether it streams COPY
 * data (refused), whether it controls transactions itself (it then runs as it is, outside
 * the transaction the driver would wrap several statements in), whether it only touches rows
 * (the statements after it may then be prepared before it runs), and whether a query reads one
 * table (its result may then be updatable).
 */
final class StatementKinds {
  private static final java.util.Set<String> ROWS_ONLY = java.util.Set.of("select", "insert", "update", "delete",
      "merge", "values", "table", "with");
  private static final String[] TRANSACTION_CONTROL = {"begin", "start", "commit", "end", "rollback", "abort",
      "vacuum", "prepare transaction", "commit prepared", "create database", "drop database", "alter system",
      "reindex", "cluster"};

  /** The words that begin a clause other than FROM or WITH ({@link #readsOneTable}). */
  private static final java.util.Set<String> CLAUSES = java.util.Set.of("select", "where", "group", "having",
      "window", "order", "limit", "offset", "fetch", "for", "union", "intersect", "except", "returning", "values",
      "on", "using", "set");

  private StatementKinds() {}

  /**
   * {@code COPY … FROM STDIN} / {@code TO STDOUT} streams data outside the statement protocol, which
   * JDBC has no API for: refused before anything is sent, pointing to Sluice's COPY. (COPY to or
   * from a server file runs as any statement.)
   */
  static void refuseCopy(String statement) throws SQLException {
    if (copiesStream(statement)) {
      throw SqlErrors.unsupported("COPY FROM STDIN / TO STDOUT through a JDBC statement: use"
          + " connection.unwrap(io.sluice.Connection.class).copy()");
    }
  }

  /**
   * Whether the first word after any space and comments is {@code COPY} and a later word (not a
   * string or comment) is {@code STDIN} or {@code STDOUT}. Scanned, not matched with a regular
   * expression: its repeated group recursed once per leading comment, so a thousand of them
   * overflowed the stack (issue 37 §3). Strings are read as standard-conforming, the server's default.
   */
  static boolean copiesStream(String statement) {
    SqlScanner s = new SqlScanner(statement, true);
    boolean copy = false;
    while (s.next()) {
      Kind k = s.kind();
      boolean space = k == Kind.OTHER && Character.isWhitespace(s.first());
      if (space || k == Kind.LINE_COMMENT || k == Kind.BLOCK_COMMENT) {
        continue;
      }
      String word = k == Kind.WORD ? statement.substring(s.start(), s.end()) : "";
      if (!copy && !word.equalsIgnoreCase("copy")) {
        return false;
      }
      if (copy && (word.equalsIgnoreCase("stdin") || word.equalsIgnoreCase("stdout"))) {
        return true;
      }
      copy = true;
    }
    return false;
  }

  /**
   * Whether {@code statement} only reads or writes rows (DML), so that the statements after it
   * parse the same whether or not it ran yet. DDL, {@code SET} and the rest may change what a name
   * means. A function called by a query may still change the catalog; the driver does not look
   * inside it. Scanned as {@link #copiesStream}: the first word after space, comments and opening
   * parentheses.
   */
  static boolean onlyTouchesRows(String statement) {
    SqlScanner s = new SqlScanner(statement, true);
    while (s.next()) {
      Kind k = s.kind();
      if (k == Kind.LINE_COMMENT || k == Kind.BLOCK_COMMENT
          || k == Kind.OTHER && (Character.isWhitespace(s.first()) || s.first() == '(')) {
        continue;
      }
      if (k != Kind.WORD) {
        return false;
      }
      return ROWS_ONLY.contains(statement.substring(s.start(), s.end()).toLowerCase(Locale.ROOT));
    }
    return false;
  }

  /** Whether {@code statement} begins or ends a transaction, or cannot run inside one. */
  static boolean controlsTransactions(String statement) {
    String s = statement.stripLeading().toLowerCase(Locale.ROOT);
    for (String w : TRANSACTION_CONTROL) {
      if (s.startsWith(w)) {
        return true;
      }
    }
    return s.contains("concurrently");
  }

  /**
   * Whether {@code query} reads one table: no JOIN and no comma in a FROM list, at the top or in
   * what feeds the result's rows (a parenthesis opened in FROM or WITH: a derived table, a CTE);
   * subqueries elsewhere (WHERE, the select list) do not count. An updatable result's columns
   * must all be one table's, which a self-join's are too; this tells the two apart. Scanned as
   * {@link #copiesStream}: strings, quoted names and comments are not words.
   */
  static boolean readsOneTable(String query) {
    SqlScanner s = new SqlScanner(query, true);
    java.util.ArrayDeque<Clause> outerClauses = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<Boolean> outerFeeds = new java.util.ArrayDeque<>();
    Clause clause = Clause.OTHER;
    boolean feeds = true;   // whether the text here feeds the result's rows
    while (s.next()) {
      Kind k = s.kind();
      if (k == Kind.WORD) {
        String word = query.substring(s.start(), s.end()).toLowerCase(Locale.ROOT);
        if (feeds && word.equals("join")) {
          return false;
        }
        clause = word.equals("from") ? Clause.FROM : word.equals("with") ? Clause.WITH
            : CLAUSES.contains(word) ? Clause.OTHER : clause;
      } else if (k == Kind.OTHER && s.first() == '(') {
        outerClauses.push(clause);
        outerFeeds.push(feeds);
        feeds = feeds && clause != Clause.OTHER;
        clause = Clause.OTHER;
      } else if (k == Kind.OTHER && s.first() == ')' && !outerClauses.isEmpty()) {
        clause = outerClauses.pop();
        feeds = outerFeeds.pop();
      } else if (k == Kind.OTHER && s.first() == ',' && feeds && clause == Clause.FROM) {
        return false;
      }
    }
    return true;
  }

  /** The clause the scan of {@link #readsOneTable} is in: a FROM list, a WITH list, or another. */
  private enum Clause { FROM, WITH, OTHER }
}
