package io.sluice.sql;

/**
 * Splits SQL text into the tokens PostgreSQL's scanner ({@code src/backend/parser/scan.l}) would
 * see where it matters to a client: string constants ({@code '…'} with {@code ''}, {@code E'…'}
 * with backslash escapes, and the prefixed {@code U&'…'}, {@code B'…'}, {@code X'…'}, {@code
 * N'…'}), quoted identifiers ({@code "…"} with {@code ""}), dollar-quoted strings ({@code $$…$$},
 * {@code $tag$…$tag$}), {@code --} comments, nested block comments, words (names and keywords,
 * which may contain {@code $} after their first character: {@code a$1} is a name), parameters
 * ({@code $n}), and single characters for everything else. Callers look at the kinds they care
 * about ({@code $n} for {@link Placeholders}, {@code ?} and <code>{</code> for the JDBC rewriter) and
 * copy the rest through untouched.
 *
 * <p>Plain strings are read as the session's {@code standard_conforming_strings} says: on (the
 * server's default), backslash is an ordinary character in them; off, it escapes the next one, as
 * in {@code E'…'}. A string, identifier or comment still open at the end of the text is a token
 * that runs to the end, flagged {@link #unterminated()}; scanning never throws.
 */
public final class SqlScanner {
  /** What a token is. */
  public enum Kind {
    /** A string constant, prefix included ({@code E'a'}, {@code 'it''s'}). */
    STRING,
    QUOTED_IDENTIFIER,
    DOLLAR_STRING,
    LINE_COMMENT,
    BLOCK_COMMENT,
    /** A name or keyword (a lone prefix letter before a quote belongs to the string). */
    WORD,
    /** {@code $} and its digits. */
    PARAMETER,
    /** One character that is none of the above: operators, punctuation, spaces, {@code ?}. */
    OTHER
  }

  private final String sql;
  private final boolean standardStrings;
  private final int end;
  private int pos;
  private int start;
  private Kind kind;
  private boolean unterminated;

  public SqlScanner(String sql, boolean standardConformingStrings) {
    this.sql = sql;
    this.standardStrings = standardConformingStrings;
    this.end = sql.length();
  }

  /** Moves to the next token; false at the end of the text. */
  public boolean next() {
    if (pos >= end) {
      return false;
    }
    start = pos;
    unterminated = false;
    char c = sql.charAt(pos);
    if (c == '\'') {
      kind = Kind.STRING;
      quoted('\'', !standardStrings);
    } else if (c == '"') {
      kind = Kind.QUOTED_IDENTIFIER;
      quoted('"', false);
    } else if (c == '-' && ahead(1) == '-') {
      kind = Kind.LINE_COMMENT;
      lineComment();
    } else if (c == '/' && ahead(1) == '*') {
      kind = Kind.BLOCK_COMMENT;
      blockComment();
    } else if (c == '$') {
      dollar();
    } else if (identStart(c)) {
      word();
    } else {
      kind = Kind.OTHER;
      pos++;
    }
    return true;
  }

  public Kind kind() {
    return kind;
  }

  /** Where the current token starts in the text. */
  public int start() {
    return start;
  }

  /** Where the current token ends (exclusive). */
  public int end() {
    return pos;
  }

  /** Whether the current string, identifier or comment was still open at the end of the text. */
  public boolean unterminated() {
    return unterminated;
  }

  /** The first character of the current token. */
  public char first() {
    return sql.charAt(start);
  }

  /** The value of the current {@link Kind#PARAMETER}; a number past any real limit is the largest int. */
  public int parameterNumber() {
    long n = 0;
    for (int i = start + 1; i < pos; i++) {
      n = Math.min(n * 10 + (sql.charAt(i) - '0'), Integer.MAX_VALUE);
    }
    return (int) n;
  }

  /** The character {@code n} places after the current position, or NUL past the end. */
  private char ahead(int n) {
    int i = pos + n;
    return i < end ? sql.charAt(i) : '\0';
  }

  /**
   * A name or keyword. {@code E} alone right before a quote opens an escape string (scan.l
   * {@code xestart}); any other prefix letter (B, X, N, U&amp;) opens a string read like a plain
   * one, which the next token reads.
   */
  private void word() {
    kind = Kind.WORD;
    while (pos < end && identCont(sql.charAt(pos))) {
      pos++;
    }
    if (pos - start == 1 && (sql.charAt(start) | 0x20) == 'e' && pos < end && sql.charAt(pos) == '\'') {
      kind = Kind.STRING;
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
      } else if (c == quote && ahead(1) == quote) {
        pos += 2;
      } else if (c == quote) {
        pos++;
        return;
      } else {
        pos++;
      }
    }
    pos = end;
    unterminated = true;
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
      if (sql.charAt(pos) == '/' && ahead(1) == '*') {
        depth++;
        pos += 2;
      } else if (sql.charAt(pos) == '*' && ahead(1) == '/') {
        depth--;
        pos += 2;
        if (depth == 0) {
          return;
        }
      } else {
        pos++;
      }
    }
    unterminated = true;
  }

  /**
   * {@code $n} (a parameter), or {@code $tag$} / {@code $$} opening a dollar-quoted string that
   * ends at the same tag. A tag never starts with a digit (scan.l {@code dolq_start}); a {@code $}
   * that starts neither is a lone character.
   */
  private void dollar() {
    pos++;
    if (pos < end && isDigit(sql.charAt(pos))) {
      kind = Kind.PARAMETER;
      while (pos < end && isDigit(sql.charAt(pos))) {
        pos++;
      }
      return;
    }
    if (pos < end && identStart(sql.charAt(pos))) {
      pos++;
      while (pos < end && (identStart(sql.charAt(pos)) || isDigit(sql.charAt(pos)))) {
        pos++;
      }
    }
    if (pos < end && sql.charAt(pos) == '$') {
      kind = Kind.DOLLAR_STRING;
      String tag = sql.substring(start, pos + 1);
      int close = sql.indexOf(tag, pos + 1);
      if (close < 0) {
        pos = end;
        unterminated = true;
      } else {
        pos = close + tag.length();
      }
    } else {
      kind = Kind.OTHER;
      pos = start + 1;
    }
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
