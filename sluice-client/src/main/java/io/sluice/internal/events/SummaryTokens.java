package io.sluice.internal.events;

import io.sluice.sql.SqlScanner;
import java.util.ArrayList;
import java.util.List;

/**
 * The tokens a query summary ({@link io.sluice.event.QuerySummary}) is made from: names (a
 * qualified name such as {@code bench.t} or {@code "My Schema".t} is one), parentheses, commas
 * and statement ends. Literals, parameters, operators, spaces and comments are kept as {@link
 * Kind#OTHER} or dropped, so no value of the text ever reaches a summary.
 */
public final class SummaryTokens {
  /** What a token is. */
  public enum Kind {
    /** An unquoted name or keyword, possibly qualified. */
    WORD,
    /** A name with a quoted part, possibly qualified: never a keyword. */
    QUOTED,
    OPEN,
    CLOSE,
    COMMA,
    /** {@code ;}: the end of a statement. */
    END,
    /** A literal, a parameter, an operator or another character. */
    OTHER
  }

  /** One token: its kind and, for names, its text as written. */
  public record Token(Kind kind, String text) {
    public boolean isName() {
      return kind == Kind.WORD || kind == Kind.QUOTED;
    }
  }

  private SummaryTokens() {}

  /** The tokens of {@code sql}, read as PostgreSQL's lexer would with standard-conforming strings. */
  public static List<Token> of(String sql) {
    List<Token> out = new ArrayList<>();
    SqlScanner s = new SqlScanner(sql, true);
    boolean qualify = false;   // the last token was a name followed by a '.'
    while (s.next()) {
      String text = sql.substring(s.start(), s.end());
      Token token = switch (s.kind()) {
        case WORD -> new Token(Kind.WORD, text);
        case QUOTED_IDENTIFIER -> new Token(Kind.QUOTED, text);
        case LINE_COMMENT, BLOCK_COMMENT -> null;
        case STRING, DOLLAR_STRING, PARAMETER -> new Token(Kind.OTHER, "");
        case OTHER -> punctuation(s.first());
      };
      if (token == null) {
        continue;
      }
      if (qualify && token.isName()) {
        Token prefix = out.remove(out.size() - 1);
        Kind kind = prefix.kind() == Kind.QUOTED || token.kind() == Kind.QUOTED ? Kind.QUOTED : Kind.WORD;
        token = new Token(kind, prefix.text() + "." + token.text());
      }
      qualify = false;
      if (token.kind() == Kind.OTHER && s.first() == '.' && !out.isEmpty() && out.get(out.size() - 1).isName()) {
        qualify = true;
        continue;
      }
      out.add(token);
    }
    return out;
  }

  /** One character: a parenthesis, comma or semicolon; null for white space; else OTHER. */
  private static Token punctuation(char c) {
    return switch (c) {
      case '(' -> new Token(Kind.OPEN, "(");
      case ')' -> new Token(Kind.CLOSE, ")");
      case ',' -> new Token(Kind.COMMA, ",");
      case ';' -> new Token(Kind.END, ";");
      case ' ', '\t', '\n', '\r', '\f' -> null;
      default -> new Token(Kind.OTHER, "");
    };
  }
}
