package io.sluice.sql;

import io.sluice.ValueException;
import io.sluice.sql.SqlScanner.Kind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Rewrites SQL written for JDBC into the SQL PostgreSQL runs: each {@code ?} placeholder becomes
 * {@code $1}, {@code $2}, …, {@code ??} becomes a literal {@code ?} (for operators such as jsonb's
 * {@code ?|}), and the JDBC escapes in braces become SQL:
 *
 * <ul>
 *   <li><code>{d '2024-01-31'}</code>, <code>{t '…'}</code>, <code>{ts '…'}</code> →
 *       {@code DATE '…'}, {@code TIME '…'}, {@code TIMESTAMP '…'};
 *   <li><code>{fn ucase(?)}</code> → {@code upper($1)}, and the other JDBC scalar functions
 *       PostgreSQL writes differently, as pgjdbc writes them ({@link EscapeFunctions}); an unknown
 *       function is left as written;
 *   <li><code>{oj a left join b on …}</code> → its content; <code>{escape '\'}</code> → {@code
 *       ESCAPE '\'}; <code>{limit 10}</code> → {@code LIMIT 10};
 *   <li><code>{call f(?)}</code> and <code>{? = call f(?)}</code> → {@code select * from f($1) as
 *       result} (or {@code call f($1)}, see {@link CallMode}).
 * </ul>
 *
 * Text that PostgreSQL's scanner reads as a string, quoted identifier, dollar quote or comment is
 * copied untouched (a {@code ?} or brace inside it is no placeholder or escape); plain strings are
 * read as {@code standard_conforming_strings} says. An unterminated string, quoted identifier,
 * dollar quote, comment or escape is refused with a {@link ValueException} naming it and where it
 * starts. Nothing here interpolates values: parameters always travel as Bind values.
 *
 * <p>Pure and thread-safe; callers that run the same SQL often should keep the result (the JDBC
 * driver caches it per SQL string).
 */
public final class JdbcSql {
  /** How <code>{call f(…)}</code> without a return slot is written (pgjdbc's {@code escapeSyntaxCallMode}). */
  public enum CallMode {
    /** {@code select * from f(…) as result}, for functions (pgjdbc's default). */
    SELECT,
    /** {@code call f(…)} when there is no return slot, for procedures. */
    CALL_IF_NO_RETURN,
    /** {@code call f(…)} always. */
    CALL
  }

  /** Structure marks among the pieces of an escape's output. */
  enum Mark {
    ARGS_OPEN, ARG_SEPARATOR, ARGS_CLOSE, STATEMENT_END
  }

  /** A placeholder: the JDBC parameter it stands for (1-based). */
  private record Hole(int jdbcIndex) {}

  /** How deep escapes nest: each level recurses and copies what it holds (without a cap, 1 MB of
   * <code>{fn f(</code> overflowed the stack). */
  static final int MAX_NESTING = 32;

  /** What follows an opening brace. */
  private enum Escape {
    DATE("DATE "), TIME("TIME "), TIMESTAMP("TIMESTAMP "), FUNCTION(""), OUTER_JOIN(""), LIKE_ESCAPE("ESCAPE "),
    LIMIT("LIMIT "), CALL(""), CALL_RETURNING("");

    final String sql;

    Escape(String sql) {
      this.sql = sql;
    }
  }

  private final String text;
  private final SqlScanner scanner;
  private final BitSet omitted;
  private final CallMode callMode;
  /** Whether {@code ?} is a placeholder (a prepared statement) or an ordinary character (a plain one). */
  private final boolean parameters;
  private int holes;
  private int nesting;   // escapes open around the scanner
  private int returnSlot;
  private RewrittenSql.Call call = RewrittenSql.Call.NONE;

  private JdbcSql(String sql, boolean standardConformingStrings, BitSet omitted, CallMode callMode,
      boolean parameters) {
    this.text = sql;
    this.parameters = parameters;
    this.scanner = new SqlScanner(sql, standardConformingStrings);
    this.omitted = omitted;
    this.callMode = callMode;
  }

  /** Rewrites {@code sql}; see the class description. */
  public static RewrittenSql rewrite(String sql, boolean standardConformingStrings) {
    return rewrite(sql, standardConformingStrings, new BitSet(), CallMode.SELECT);
  }

  /**
   * Rewrites {@code sql}, leaving out of a call escape's argument list every argument that is a
   * bare {@code ?} whose JDBC index (1-based) is set in {@code outOnly}: a function's OUT
   * parameters are not passed in SQL, they come back as result columns.
   */
  public static RewrittenSql rewrite(String sql, boolean standardConformingStrings, BitSet outOnly,
      CallMode callMode) {
    return new JdbcSql(sql, standardConformingStrings, outOnly, callMode, true).run();
  }

  /**
   * Rewrites SQL that takes no parameters (JDBC's plain {@code Statement}, as pgjdbc reads it):
   * escapes are translated and statements split, but {@code ?} and {@code ??} are ordinary
   * characters, left as they are (so that jsonb's {@code ?} operators need no escaping there).
   */
  public static RewrittenSql rewriteWithoutParameters(String sql, boolean standardConformingStrings, CallMode callMode) {
    return new JdbcSql(sql, standardConformingStrings, new BitSet(), callMode, false).run();
  }

  private RewrittenSql run() {
    List<Object> pieces = new ArrayList<>();
    copy(pieces, null, 0);
    return assemble(pieces);
  }

  /**
   * Copies tokens to {@code out} until the brace that closes {@code escape} (or the end of the text
   * at top level), rewriting placeholders and nested escapes.
   */
  private void copy(List<Object> out, Escape escape, int escapeStart) {
    int braces = 0;
    int parens = 0;
    int atomic = 0;
    String previousWord = "";
    while (scanner.next()) {
      Kind kind = scanner.kind();
      String token = text.substring(scanner.start(), scanner.end());
      if (scanner.unterminated()) {
        throw new ValueException("unterminated " + describe(kind) + " starting at offset " + scanner.start()
            + " of the SQL: " + excerpt(scanner.start()));
      }
      if (kind == Kind.WORD) {
        String word = token.toLowerCase(Locale.ROOT);
        // BEGIN ATOMIC … END (SQL-standard function bodies) holds semicolons that end no statement
        if (word.equals("atomic") && previousWord.equals("begin")) {
          atomic = 1;
        } else if (atomic > 0 && word.equals("case")) {
          atomic++;
        } else if (atomic > 0 && word.equals("end")) {
          atomic--;
        }
        previousWord = word;
        out.add(token);
        continue;
      }
      if (kind != Kind.OTHER) {
        out.add(token);
        continue;
      }
      char c = scanner.first();
      switch (c) {
        case '?' -> {
          if (!parameters) {
            out.add(token);
          } else if (scanner.end() < text.length() && text.charAt(scanner.end()) == '?') {
            scanner.next();
            out.add("?");
          } else {
            out.add(new Hole(++holes));
          }
        }
        case '{' -> {
          Escape inner = escapeAt(scanner.end());
          if (inner == null) {
            braces++;
            out.add(token);
          } else {
            escape(out, inner, scanner.start());
          }
        }
        case '}' -> {
          if (escape != null && braces == 0) {
            if (parens > 0 && (escape == Escape.CALL || escape == Escape.CALL_RETURNING)) {
              throw new ValueException("unbalanced parentheses in the call escape at offset " + escapeStart
                  + " of the SQL: " + excerpt(escapeStart));
            }
            return;
          }
          if (braces == 0) {
            // PostgreSQL's grammar has no braces outside literals: this one can only be a miscounted escape
            throw new ValueException("unbalanced braces: the '}' at offset " + scanner.start()
                + " closes no JDBC escape: " + excerpt(scanner.start()));
          }
          braces--;
          out.add(token);
        }
        case '(' -> {
          parens++;
          out.add(parens == 1 && hasArguments(escape) ? Mark.ARGS_OPEN : token);
        }
        case ')' -> {
          out.add(parens == 1 && hasArguments(escape) ? Mark.ARGS_CLOSE : token);
          parens = Math.max(0, parens - 1);
        }
        case ',' -> out.add(parens == 1 && hasArguments(escape) ? Mark.ARG_SEPARATOR : token);
        case ';' -> out.add(escape == null && parens == 0 && atomic == 0 ? Mark.STATEMENT_END : token);
        default -> out.add(token);
      }
    }
    if (escape != null) {
      throw new ValueException("unterminated JDBC escape (no closing brace) starting at offset " + escapeStart
          + " of the SQL: " + excerpt(escapeStart));
    }
  }

  private static boolean isCall(Escape e) {
    return e == Escape.CALL || e == Escape.CALL_RETURNING;
  }

  /** Escapes whose first parentheses hold an argument list, marked out by {@link Mark}. */
  private static boolean hasArguments(Escape e) {
    return isCall(e) || e == Escape.FUNCTION;
  }

  /** Reads the escape's keyword(s) after the brace at {@code from}; null when it is no escape. */
  private Escape escapeAt(int from) {
    int p = skipSpace(from);
    if (p < text.length() && text.charAt(p) == '?') {
      int eq = skipSpace(p + 1);
      if (eq < text.length() && text.charAt(eq) == '=') {
        int w = skipSpace(eq + 1);
        if (wordAt(w).equals("call")) {
          return Escape.CALL_RETURNING;
        }
      }
      return null;
    }
    return switch (wordAt(p)) {
      case "d" -> Escape.DATE;
      case "t" -> Escape.TIME;
      case "ts" -> Escape.TIMESTAMP;
      case "fn" -> Escape.FUNCTION;
      case "oj" -> Escape.OUTER_JOIN;
      case "escape" -> Escape.LIKE_ESCAPE;
      case "limit" -> Escape.LIMIT;
      case "call" -> Escape.CALL;
      default -> null;
    };
  }

  private int skipSpace(int p) {
    while (p < text.length() && Character.isWhitespace(text.charAt(p))) {
      p++;
    }
    return p;
  }

  private String wordAt(int p) {
    int e = p;
    while (e < text.length() && (Character.isLetter(text.charAt(e)) || text.charAt(e) == '_')) {
      e++;
    }
    return text.substring(p, e).toLowerCase(Locale.ROOT);
  }

  /** Moves the scanner past the escape's keywords, to just after {@code keyword}. */
  private void skipTo(String keyword) {
    while (scanner.next()) {
      if (scanner.kind() == Kind.WORD && text.substring(scanner.start(), scanner.end()).equalsIgnoreCase(keyword)) {
        return;
      }
    }
  }

  private void escape(List<Object> out, Escape e, int at) {
    if (++nesting > MAX_NESTING) {
      throw new ValueException("JDBC escapes nested more than " + MAX_NESTING + " deep at offset " + at
          + " of the SQL: " + excerpt(at));
    }
    switch (e) {
      case FUNCTION -> function(out, at);
      case CALL, CALL_RETURNING -> call(out, e, at);
      case DATE -> keywordEscape(out, e, "d", at);
      case TIME -> keywordEscape(out, e, "t", at);
      case TIMESTAMP -> keywordEscape(out, e, "ts", at);
      case OUTER_JOIN -> keywordEscape(out, e, "oj", at);
      case LIKE_ESCAPE -> keywordEscape(out, e, "escape", at);
      case LIMIT -> keywordEscape(out, e, "limit", at);
    }
    nesting--;
  }

  private void keywordEscape(List<Object> out, Escape e, String keyword, int at) {
    skipTo(keyword);
    out.add(e.sql);
    List<Object> inner = new ArrayList<>();
    copy(inner, e, at);
    out.addAll(EscapePieces.trim(inner));
  }

  /**
   * <code>{fn name(args)}</code>: the arguments rewritten like any SQL, the call translated by
   * {@link EscapeFunctions}, or else written back as it was.
   */
  private void function(List<Object> out, int at) {
    skipTo("fn");
    List<Object> inner = new ArrayList<>();
    copy(inner, Escape.FUNCTION, at);
    inner = EscapePieces.trim(inner);
    if (inner.isEmpty() || !(inner.get(0) instanceof String name) || name.isBlank()) {
      throw new ValueException("a {fn …} escape must start with a function name: " + excerpt(at));
    }
    int open = inner.indexOf(Mark.ARGS_OPEN);
    boolean plainCall = open > 0 && EscapePieces.trim(inner.subList(1, open)).isEmpty()
        && inner.indexOf(Mark.ARGS_CLOSE) == inner.size() - 1;
    List<Object> translated = plainCall
        ? EscapeFunctions.translate(name, EscapePieces.arguments(inner.subList(open + 1, inner.size() - 1))) : null;
    if (translated != null) {
      out.addAll(translated);
      return;
    }
    for (Object p : inner) {
      out.add(p == Mark.ARGS_OPEN ? "(" : p == Mark.ARG_SEPARATOR ? "," : p == Mark.ARGS_CLOSE ? ")" : p);
    }
  }

  /** <code>{call f(args)}</code> or <code>{? = call f(args)}</code>. */
  private void call(List<Object> out, Escape e, int at) {
    if (e == Escape.CALL_RETURNING) {
      returnSlot = parameters ? ++holes : 0;
      call = RewrittenSql.Call.CALL_RETURNING;
    } else {
      call = RewrittenSql.Call.CALL;
    }
    skipTo("call");
    List<Object> inner = new ArrayList<>();
    copy(inner, e, at);
    inner = EscapePieces.trim(inner);
    if (inner.isEmpty() || !(inner.get(0) instanceof String)) {   // nothing, or the argument list at once
      throw new ValueException("a call escape needs a routine name after 'call': " + excerpt(at));
    }
    List<Object> name = new ArrayList<>();
    List<List<Object>> args = new ArrayList<>();
    int i = 0;
    while (i < inner.size() && inner.get(i) != Mark.ARGS_OPEN) {
      name.add(inner.get(i++));
    }
    if (i < inner.size()) {
      List<Object> arg = new ArrayList<>();
      for (i++; i < inner.size() && inner.get(i) != Mark.ARGS_CLOSE; i++) {
        if (inner.get(i) == Mark.ARG_SEPARATOR) {
          args.add(arg);
          arg = new ArrayList<>();
        } else {
          arg.add(inner.get(i));
        }
      }
      if (!EscapePieces.trim(arg).isEmpty() || !args.isEmpty()) {
        args.add(arg);
      }
      if (EscapePieces.trim(inner.subList(Math.min(i + 1, inner.size()), inner.size())).size() > 0) {
        throw new ValueException("text after the argument list of a call escape: " + excerpt(at));
      }
    }
    boolean asCall = callMode == CallMode.CALL
        || (callMode == CallMode.CALL_IF_NO_RETURN && e == Escape.CALL);
    out.add(asCall ? "call " : "select * from ");
    out.addAll(EscapePieces.trim(name));
    out.add("(");
    boolean first = true;
    for (List<Object> arg : args) {
      List<Object> a = EscapePieces.trim(arg);
      if (!asCall && a.size() == 1 && a.get(0) instanceof Hole h && omitted.get(h.jdbcIndex())) {
        out.add(new Hole(-h.jdbcIndex()));   // not sent
        continue;
      }
      if (!first) {
        out.add(",");
      }
      out.addAll(a);
      first = false;
    }
    out.add(asCall ? ")" : ") as result");
  }

  private RewrittenSql assemble(List<Object> pieces) {
    StringBuilder whole = new StringBuilder(text.length() + 16);
    StringBuilder current = new StringBuilder();
    List<String> statements = new ArrayList<>();
    int[] index = new int[holes];
    int[] statementOf = new int[holes];
    int[] end = new int[holes];
    java.util.Arrays.fill(end, -1);
    int[] sent = new int[holes];   // the holes sent, in order: those of the current statement from `first`
    int sentCount = 0;
    int first = 0;
    boolean content = false;
    int n = 0;
    for (Object p : pieces) {
      if (p == Mark.STATEMENT_END) {
        if (content) {
          statements.add(current.toString().strip());
          EscapePieces.shift(end, sent, first, sentCount, EscapePieces.leadingSpace(current));
        }
        first = sentCount;
        whole.append(';');
        current.setLength(0);
        content = false;
        n = 0;
      } else if (p instanceof Hole h) {
        if (h.jdbcIndex() < 0) {
          statementOf[-h.jdbcIndex() - 1] = statements.size();
          continue;
        }
        int j = h.jdbcIndex() - 1;
        // an escape function may repeat an argument ({fn locate(?, ?, ?)}): one parameter, one $n,
        // and a cast goes after its first use, where the server first deduces its type
        boolean again = index[j] > 0 && statementOf[j] == statements.size();
        statementOf[j] = statements.size();
        if (!again) {
          index[j] = ++n;
          sent[sentCount++] = j;
        }
        whole.append('$').append(index[j]);
        current.append('$').append(index[j]);
        if (!again) {
          end[j] = current.length();
        }
        content = true;
      } else if (p instanceof String s) {
        whole.append(s);
        current.append(s);
        content |= !isBlankOrComment(s);
      }
    }
    if (content) {
      statements.add(current.toString().strip());
      EscapePieces.shift(end, sent, first, sentCount, EscapePieces.leadingSpace(current));
    }
    if (returnSlot > 0) {
      index[returnSlot - 1] = 0;
    }
    return new RewrittenSql(whole.toString(), statements, holes, index, statementOf, end, call);
  }

  private static boolean isBlankOrComment(String token) {
    return token.isBlank() || token.startsWith("--") || token.startsWith("/*");
  }

  private static String describe(Kind kind) {
    return switch (kind) {
      case STRING -> "string literal";
      case QUOTED_IDENTIFIER -> "quoted identifier";
      case DOLLAR_STRING -> "dollar-quoted string";
      case BLOCK_COMMENT -> "block comment";
      default -> kind.name().toLowerCase(Locale.ROOT);
    };
  }

  private String excerpt(int from) {
    int start = Math.max(0, from);
    String s = text.substring(start, Math.min(text.length(), start + 40));
    return s + (start + 40 < text.length() ? "…(" + (text.length() - start) + " chars)" : "");
  }
}
