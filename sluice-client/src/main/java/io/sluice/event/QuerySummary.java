package io.sluice.event;

import io.sluice.internal.events.SummaryTokens;
import io.sluice.internal.events.SummaryTokens.Kind;
import io.sluice.internal.events.SummaryTokens.Token;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A low-cardinality summary of a statement's text: its operations and the tables they act on, in
 * the order written ({@code SELECT orders}, {@code INSERT shipping_details SELECT orders}), as
 * OpenTelemetry's database semantic conventions describe {@code db.query.summary} ("Generating a
 * summary of the query", docs/db/database-spans.md) for a span's name or a metric's tag. Words keep
 * the case they were written in; literals, parameters and comments never appear; a function in a
 * FROM clause is not a table; other statements give their first word ({@code BEGIN}, {@code SET}),
 * and CREATE, ALTER and DROP the kind of object and its name ({@code create table ev}). At most
 * {@value #MAX_LENGTH} characters, never cut inside a word. Reads the text only: nothing asks the
 * server, so a name is as written, not resolved.
 */
public final class QuerySummary {
  /** The conventions' limit on a parsed summary. */
  public static final int MAX_LENGTH = 255;

  private static final Set<String> OPERATIONS = Set.of("SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "CALL",
      "COPY", "TRUNCATE");
  private static final Set<String> DEFINITIONS = Set.of("CREATE", "ALTER", "DROP");
  /** Words between CREATE/ALTER/DROP and the kind of object, or between the kind and its name. */
  private static final Set<String> DEFINITION_MODIFIERS = Set.of("OR", "REPLACE", "TEMP", "TEMPORARY", "UNLOGGED",
      "GLOBAL", "LOCAL", "UNIQUE", "MATERIALIZED", "RECURSIVE", "IF", "NOT", "EXISTS", "CONCURRENTLY");
  /** Words after which an operation word is an action of the statement, not an operation (FOR UPDATE, DO UPDATE, THEN DELETE). */
  private static final Set<String> ACTION_PREFIXES = Set.of("FOR", "DO", "THEN");
  /** Operations whose table (or procedure) comes right after them. */
  private static final Set<String> TABLE_FIRST = Set.of("UPDATE", "COPY", "TRUNCATE", "CALL");
  /** Words before a table that may be followed by a parenthesis (a column list), unlike a function in FROM. */
  private static final Set<String> BEFORE_COLUMNS = Set.of("INTO", "COPY", "UPDATE", "TABLE", "TRUNCATE", "CALL");
  /** Words after which a table name comes. */
  private static final Set<String> BEFORE_TABLE = Set.of("FROM", "JOIN", "INTO", "USING");
  /** Words that start a FROM list, whose commas separate tables. */
  private static final Set<String> TABLE_LISTS = Set.of("FROM", "USING");
  /** Words that may stand between FROM/JOIN and the table without being it. */
  private static final Set<String> TABLE_MODIFIERS = Set.of("ONLY", "LATERAL", "TABLE");
  /** Words that end a FROM list. */
  private static final Set<String> CLAUSES = Set.of("WHERE", "GROUP", "ORDER", "HAVING", "LIMIT", "OFFSET",
      "WINDOW", "UNION", "INTERSECT", "EXCEPT", "SET", "VALUES", "RETURNING", "FOR", "FETCH", "WHEN", "THEN",
      "DO", "DEFAULT", "SELECT", "WITH", "TO", "STDIN", "STDOUT");

  /**
   * Words that may stand before a parenthesis without calling a function: a FROM inside their
   * parentheses introduces a table, unlike the FROM of {@code extract(year from ts)} or {@code
   * substring(s from 2)}.
   */
  private static final Set<String> NOT_CALLS = Set.of("IN", "EXISTS", "ANY", "SOME", "ALL", "ARRAY", "AS", "AND",
      "OR", "NOT", "LATERAL", "ELSE", "BY", "FROM", "JOIN", "USING", "INTO", "ON", "WHERE", "VALUES", "SELECT",
      "WITH", "UNION", "INTERSECT", "EXCEPT", "RETURNING", "SET", "THEN", "WHEN", "HAVING", "COPY", "TABLE");

  private QuerySummary() {}

  /** The summary of {@code sql}; empty when it has no word (an empty statement). */
  public static String of(String sql) {
    if (sql == null) {
      throw new IllegalArgumentException("QuerySummary.of: the SQL text is null");
    }
    return new Reader(SummaryTokens.of(sql)).read();
  }

  /**
   * {@link #of} remembering the summaries of up to {@code capacity} distinct texts, for a listener
   * that summarises every statement: an application runs few distinct statements, and reading one
   * costs microseconds. Texts past the capacity are summarised each time, so that statements built
   * from input cannot grow it without bound. Thread-safe.
   */
  public static Function<String, String> memo(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("QuerySummary.memo: capacity must be at least 1, was " + capacity);
    }
    Map<String, String> seen = new ConcurrentHashMap<>();
    return sql -> {
      String known = seen.get(sql);
      if (known != null) {
        return known;
      }
      String summary = of(sql);
      if (seen.size() < capacity) {
        seen.putIfAbsent(sql, summary);
      }
      return summary;
    };
  }

  /** What the next name would be. */
  private enum Expect {
    NOTHING,
    /** A table (after FROM, JOIN, INTO, UPDATE, …). */
    TABLE,
    /** The kind of object after CREATE, ALTER or DROP. */
    OBJECT_KIND,
    /** The name of that object. */
    OBJECT_NAME
  }

  /** One pass over the tokens, appending operations and tables. */
  private static final class Reader {
    private final List<Token> tokens;
    private final StringBuilder out = new StringBuilder();
    private Expect expect = Expect.NOTHING;
    private boolean statementStart = true;
    private int depth;
    /** The parenthesis depth of the FROM list being read, or -1. */
    private int listDepth = -1;
    private String previous = "";
    /** Per open parenthesis, innermost first: whether it holds a function's arguments. */
    private final ArrayDeque<Boolean> calls = new ArrayDeque<>();
    private boolean previousIsName;
    private boolean full;

    Reader(List<Token> tokens) {
      this.tokens = tokens;
    }

    String read() {
      for (int i = 0; i < tokens.size() && !full; i++) {
        Token t = tokens.get(i);
        boolean first = statementStart;
        statementStart = false;
        switch (t.kind()) {
          case OPEN -> {
            if (expect == Expect.TABLE) {
              expect = Expect.NOTHING;   // a subquery: its own SELECT names its tables
            }
            calls.push(previousIsName && !NOT_CALLS.contains(previous));
            depth++;
          }
          case CLOSE -> {
            calls.poll();
            depth--;
            if (listDepth > depth) {
              listDepth = -1;
            }
          }
          case COMMA -> {
            if (listDepth == depth) {
              expect = Expect.TABLE;
            }
          }
          case END -> {
            expect = Expect.NOTHING;
            listDepth = -1;
            depth = 0;
            calls.clear();
            statementStart = true;
          }
          case WORD -> word(t.text(), first, next(i));
          case QUOTED -> name(t.text(), next(i));
          case OTHER -> { }
        }
        previous = t.kind() == Kind.WORD ? t.text().toUpperCase(Locale.ROOT) : "";
        previousIsName = t.isName();
      }
      return out.toString();
    }

    private Token next(int i) {
      return i + 1 < tokens.size() ? tokens.get(i + 1) : new Token(Kind.END, ";");
    }

    private void word(String text, boolean first, Token next) {
      String upper = text.toUpperCase(Locale.ROOT);
      if (expect == Expect.OBJECT_KIND) {
        if (!DEFINITION_MODIFIERS.contains(upper)) {
          append(text);
          expect = Expect.OBJECT_NAME;
        }
        return;
      }
      if (expect == Expect.OBJECT_NAME) {
        if (!DEFINITION_MODIFIERS.contains(upper)) {
          append(text);
          expect = Expect.NOTHING;
        }
        return;
      }
      if (OPERATIONS.contains(upper) && !ACTION_PREFIXES.contains(previous)) {
        append(text);
        expect = TABLE_FIRST.contains(upper) ? Expect.TABLE : Expect.NOTHING;
        return;
      }
      if (first && DEFINITIONS.contains(upper)) {
        append(text);
        expect = Expect.OBJECT_KIND;
        return;
      }
      if (first && !upper.equals("WITH")) {
        append(text);   // BEGIN, SET, SHOW, VACUUM, EXPLAIN …: the statement's first word says what it does
        return;
      }
      if (BEFORE_TABLE.contains(upper)) {
        if (Boolean.TRUE.equals(calls.peek())) {
          return;   // extract(year FROM ts), substring(s FROM 2), trim(both FROM s): an argument, not a table
        }
        expect = Expect.TABLE;
        if (TABLE_LISTS.contains(upper)) {
          listDepth = depth;
        }
        return;
      }
      if (expect == Expect.TABLE && TABLE_MODIFIERS.contains(upper)) {
        return;
      }
      if (upper.equals("ON")) {
        expect = Expect.NOTHING;   // a join's condition: the FROM list goes on after it
        return;
      }
      if (CLAUSES.contains(upper)) {
        expect = Expect.NOTHING;
        if (listDepth == depth) {
          listDepth = -1;
        }
        return;
      }
      if (expect == Expect.TABLE) {
        name(text, next);
      }
    }

    /** A name where a table may be: a table unless a parenthesis follows (a function such as generate_series). */
    private void name(String text, Token next) {
      if (expect == Expect.OBJECT_NAME) {
        append(text);
        expect = Expect.NOTHING;
        return;
      }
      if (expect != Expect.TABLE) {
        return;
      }
      expect = Expect.NOTHING;
      if (next.kind() != Kind.OPEN || BEFORE_COLUMNS.contains(previous)) {
        append(text);
      }
    }

    private void append(String part) {
      int length = out.length() + (out.isEmpty() ? 0 : 1) + part.length();
      if (length > MAX_LENGTH) {
        full = true;
        return;
      }
      if (!out.isEmpty()) {
        out.append(' ');
      }
      out.append(part);
    }
  }
}
