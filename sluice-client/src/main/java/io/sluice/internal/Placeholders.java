package io.sluice.internal;

/**
 * Finds how many parameters a statement's SQL uses: the highest {@code $n} it references, the way
 * PostgreSQL's scanner ({@code src/backend/parser/scan.l}, rule {@code param}) sees it. Text that
 * the scanner reads as something else is skipped: string constants ({@code '…'} with {@code ''},
 * {@code E'…'} with backslash escapes, {@code U&'…'}, {@code B'…'}, {@code X'…'}, {@code N'…'}),
 * quoted identifiers ({@code "…"} with {@code ""}), dollar-quoted strings ({@code $$…$$},
 * {@code $tag$…$tag$}), {@code --} comments, nested block comments, and identifiers, which may
 * contain {@code $} after their first character ({@code a$1} is a name, not a parameter).
 *
 * <p>Plain strings are read as the session's {@code standard_conforming_strings} says: on (the
 * server's default), backslash is an ordinary character in them; off, it escapes the next one, as
 * in {@code E'…'}. Unterminated strings or comments end the scan: the server reports the syntax
 * error, so this never throws.
 */
final class Placeholders {
  private final String sql;
  private final boolean standardStrings;
  private final int end;
  private int pos;
  private int highest;

  private Placeholders(String sql, boolean standardStrings) {
    this.sql = sql;
    this.standardStrings = standardStrings;
    this.end = sql.length();
  }

  /** The highest parameter number {@code sql} references; 0 when it has none. */
  static int highest(String sql) {
    return highest(sql, true);
  }

  /** As {@link #highest(String)}, for a session whose {@code standard_conforming_strings} is as given. */
  static int highest(String sql, boolean standardConformingStrings) {
    Placeholders p = new Placeholders(sql, standardConformingStrings);
    p.scan();
    return p.highest;
  }

  private void scan() {
    while (pos < end) {
      char c = sql.charAt(pos);
      if (c == '\'') {
        quoted('\'', !standardStrings);
      } else if (c == '"') {
        quoted('"', false);
      } else if (c == '-' && next(1) == '-') {
        lineComment();
      } else if (c == '/' && next(1) == '*') {
        blockComment();
      } else if (c == '$') {
        dollar();
      } else if (identStart(c)) {
        identifier();
      } else {
        pos++;
      }
    }
  }

  /** The character {@code ahead} places on, or NUL past the end. */
  private char next(int ahead) {
    int i = pos + ahead;
    return i < end ? sql.charAt(i) : '\0';
  }

  /**
   * A name or keyword. {@code E} alone right before a quote opens an escape string (scan.l
   * {@code xestart}); any other prefix letter (B, X, N, U&amp;) opens a string read like a plain one.
   */
  private void identifier() {
    int start = pos;
    while (pos < end && identCont(sql.charAt(pos))) {
      pos++;
    }
    if (pos - start == 1 && (sql.charAt(start) | 0x20) == 'e' && pos < end && sql.charAt(pos) == '\'') {
      quoted('\'', true);
    }
  }

  /**
   * A string or quoted identifier from its opening {@code quote}; a doubled quote stands for one.
   * In an escape string a backslash also escapes the character after it ({@code E'\''}).
   */
  private void quoted(char quote, boolean backslashEscapes) {
    pos++;
    while (pos < end) {
      char c = sql.charAt(pos);
      if (backslashEscapes && c == '\\') {
        pos += 2;
      } else if (c == quote && next(1) == quote) {
        pos += 2;
      } else if (c == quote) {
        pos++;
        return;
      } else {
        pos++;
      }
    }
    pos = end;
  }

  private void lineComment() {
    while (pos < end && sql.charAt(pos) != '\n' && sql.charAt(pos) != '\r') {
      pos++;
    }
  }

  /** A block comment; they nest in PostgreSQL, unlike the SQL standard. */
  private void blockComment() {
    int depth = 0;
    while (pos < end) {
      if (sql.charAt(pos) == '/' && next(1) == '*') {
        depth++;
        pos += 2;
      } else if (sql.charAt(pos) == '*' && next(1) == '/') {
        depth--;
        pos += 2;
        if (depth == 0) {
          return;
        }
      } else {
        pos++;
      }
    }
  }

  /**
   * {@code $n} (a parameter), or {@code $tag$} / {@code $$} opening a dollar-quoted string that
   * ends at the same tag. A tag never starts with a digit (scan.l {@code dolq_start}); a {@code $}
   * that starts neither is a lone character, and scanning goes on right after it.
   */
  private void dollar() {
    int start = pos;
    pos++;
    if (pos < end && isDigit(sql.charAt(pos))) {
      parameter();
      return;
    }
    if (pos < end && identStart(sql.charAt(pos))) {
      pos++;
      while (pos < end && (identStart(sql.charAt(pos)) || isDigit(sql.charAt(pos)))) {
        pos++;
      }
    }
    if (pos < end && sql.charAt(pos) == '$') {
      String tag = sql.substring(start, pos + 1);
      int close = sql.indexOf(tag, pos + 1);
      pos = close < 0 ? end : close + tag.length();
    } else {
      pos = start + 1;
    }
  }

  /** The digits after {@code $}; a number past any real limit counts as the largest int. */
  private void parameter() {
    long n = 0;
    while (pos < end && isDigit(sql.charAt(pos))) {
      n = Math.min(n * 10 + (sql.charAt(pos) - '0'), Integer.MAX_VALUE);
      pos++;
    }
    highest = (int) Math.max(highest, n);
  }

  /** scan.l {@code ident_start}: a letter, underscore, or any non-ASCII character. */
  private static boolean identStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  /** scan.l {@code ident_cont}: also digits and {@code $}. */
  private static boolean identCont(char c) {
    return identStart(c) || isDigit(c) || c == '$';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
