package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What the driver must know of a statement's text before it runs it: whether it streams COPY
 * data (refused), whether it controls transactions itself (it then runs as it is, outside
 * the transaction the driver would wrap several statements in), and whether it only touches rows
 * (the statements after it may then be prepared before it runs).
 */
final class StatementKinds {
  private static final Pattern COPY_STREAM = Pattern.compile(
      "(?is)\\s*(?:/\\*.*?\\*/\\s*|--[^\\n]*\\n\\s*)*copy\\b.*\\b(?:stdin|stdout)\\b.*");
  /** A statement that only reads or writes rows, after any comments and opening parentheses. */
  private static final Pattern ROWS_ONLY = Pattern.compile(
      "(?is)\\s*(?:/\\*.*?\\*/\\s*|--[^\\n]*\\n\\s*)*(?:\\(\\s*)*"
      + "(?:select|insert|update|delete|merge|values|table|with)\\b.*");
  private static final String[] TRANSACTION_CONTROL = {"begin", "start", "commit", "end", "rollback", "abort",
      "vacuum", "prepare transaction", "commit prepared", "create database", "drop database", "alter system",
      "reindex", "cluster"};

  private StatementKinds() {}

  /**
   * {@code COPY … FROM STDIN} / {@code TO STDOUT} streams data outside the statement protocol, which
   * JDBC has no API for: refused before anything is sent, pointing to Sluice's COPY. (COPY to or
   * from a server file runs as any statement.)
   */
  static void refuseCopy(String statement) throws SQLException {
    if (COPY_STREAM.matcher(statement).matches()) {
      throw SqlErrors.unsupported("COPY FROM STDIN / TO STDOUT through a JDBC statement: use"
          + " connection.unwrap(io.sluice.Connection.class).copy()");
    }
  }

  /**
   * Whether {@code statement} only reads or writes rows (DML), so that the statements after it
   * parse the same whether or not it ran yet. DDL, {@code SET} and the rest may change what a name
   * means. A function called by a query may still change the catalog; the driver does not look
   * inside it.
   */
  static boolean onlyTouchesRows(String statement) {
    return ROWS_ONLY.matcher(statement).matches();
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
}
