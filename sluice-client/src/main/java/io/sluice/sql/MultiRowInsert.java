package io.sluice.sql;

import io.sluice.ValueException;
import io.sluice.sql.SqlScanner.Kind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * A single-row {@code INSERT … VALUES (…)} rewritten to insert many rows in one statement: {@code
 * insert into t (a, b) values ($1, $2) on conflict do nothing} becomes, for three rows, {@code
 * insert into t (a, b) values ($1, $2), ($3, $4), ($5, $6) on conflict do nothing}. A batch of
 * single-row inserts sent this way costs the server one statement per chunk of rows instead of one
 * per row (parse, bind, plan and executor start-up each once): about half the time of the same
 * batch sent row by row, measured on a local server.
 *
 * <p>Only the plainest form qualifies: the statement starts with {@code INSERT}, has exactly one
 * {@code VALUES} row, its parameters are exactly {@code $1}…{@code $k} (k ≥ 1) and all stand inside
 * that row; anything may follow the row ({@code ON CONFLICT …}, {@code RETURNING …}) if it takes no
 * parameter. {@code WITH …}, {@code INSERT … SELECT}, {@code DEFAULT VALUES} and rows already
 * multiple are left alone. What changes for the rows: statement-level triggers fire once per
 * chunk, not once per row; and an error fails the whole chunk.
 */
public final class MultiRowInsert {
  /** The largest parameter number a Bind message can carry (its count is an Int16). */
  private static final int MAX_PARAMETERS = 65_535;

  private final String head;
  private final List<Object> tuple;
  private final String tail;
  private final int parameters;

  private MultiRowInsert(String head, List<Object> tuple, String tail, int parameters) {
    this.head = head;
    this.tuple = tuple;
    this.tail = tail;
    this.parameters = parameters;
  }

  /**
   * The multi-row form of {@code sql} ({@code $n} placeholders), or empty when it is not a plain
   * single-row insert as described above.
   *
   * @param standardConformingStrings the session's setting, for reading string constants
   */
  public static Optional<MultiRowInsert> of(String sql, boolean standardConformingStrings) {
    SqlScanner s = new SqlScanner(sql, standardConformingStrings);
    if (!nextSignificant(s) || !s.kind().equals(Kind.WORD) || !word(sql, s, "insert")) {
      return Optional.empty();
    }
    int depth = 0;
    while (true) {   // up to VALUES at the top level: the target and its column list, no parameter
      if (!nextSignificant(s) || s.kind() == Kind.PARAMETER) {
        return Optional.empty();
      }
      if (s.kind() == Kind.OTHER) {
        depth += paren(s);
      } else if (s.kind() == Kind.WORD && depth == 0) {
        if (word(sql, s, "values")) {
          break;
        }
        if (word(sql, s, "select") || word(sql, s, "default")) {
          return Optional.empty();
        }
      }
    }
    if (!nextSignificant(s) || s.first() != '(') {
      return Optional.empty();
    }
    String head = sql.substring(0, s.start());
    List<Object> tuple = new ArrayList<>();   // text between parameters, and each parameter's number
    BitSet seen = new BitSet();
    int from = s.start();
    depth = 1;
    while (depth > 0) {
      if (!s.next() || s.unterminated()) {
        return Optional.empty();
      }
      if (s.kind() == Kind.OTHER) {
        depth += paren(s);
      } else if (s.kind() == Kind.PARAMETER) {
        int n = s.parameterNumber();
        if (n < 1 || n > MAX_PARAMETERS) {   // no Bind carries it, and $2147483647 would take a 256 MB BitSet
          return Optional.empty();
        }
        tuple.add(sql.substring(from, s.start()));
        tuple.add(n);
        seen.set(n);
        from = s.end();
      }
    }
    tuple.add(sql.substring(from, s.end()));
    int k = seen.cardinality();
    if (k == 0 || seen.nextClearBit(1) != k + 1) {
      return Optional.empty();   // the parameters are not exactly $1…$k
    }
    int tailStart = s.end();
    boolean first = true;
    while (s.next()) {   // after the row: no second row, no parameter, no second statement
      if (s.unterminated() || s.kind() == Kind.PARAMETER) {
        return Optional.empty();
      }
      if (isSpace(s)) {
        continue;
      }
      if (first && s.first() == ',') {
        return Optional.empty();
      }
      first = false;
      if (s.kind() == Kind.OTHER && s.first() == ';' && nextSignificant(s)) {
        return Optional.empty();
      }
    }
    return Optional.of(new MultiRowInsert(head, List.copyOf(tuple), sql.substring(tailStart), k));
  }

  /**
   * The most rows one statement of a batch carries. Measured with 1,000 two-column inserts on a
   * local server (the same inserts one statement each: 3.3 ms): 32 or 64 rows per statement
   * 1.3 ms, 128 rows 1.5 ms, 256 rows 1.8 ms, 1,024 rows 8 ms: past a few dozen rows, the server's
   * work on one long VALUES list grows faster than the rows.
   */
  public static final int CHUNK_ROWS = 64;

  /**
   * How {@code rows} rows are cut into statements: powers of two of at most {@link #CHUNK_ROWS}
   * rows (and at most {@link #maxRows()}), largest first, so that a statement cache holds a
   * handful of shapes per insert whatever the batch sizes (1,000 rows: 15 × 64, 32, 8).
   */
  public int[] chunks(int rows) {
    int limit = Integer.highestOneBit(Math.min(CHUNK_ROWS, maxRows()));
    int[] out = new int[rows / limit + Integer.bitCount(rows % limit)];
    int n = 0;
    for (int left = rows; left > 0; ) {
      int take = Math.min(limit, Integer.highestOneBit(left));
      out[n++] = take;
      left -= take;
    }
    return out;
  }

  /** The parameters of the statement for {@code count} rows from {@code from}: their values in order. */
  public Object[] parameters(java.util.List<Object[]> rows, int from, int count) {
    Object[] out = new Object[count * parameters];
    for (int r = 0; r < count; r++) {
      Object[] row = rows.get(from + r);
      if (row.length != parameters) {
        throw new ValueException("row " + (from + r) + " has " + row.length + " values; the insert takes " + parameters);
      }
      System.arraycopy(row, 0, out, r * parameters, parameters);
    }
    return out;
  }

  /** The parameters each row takes ({@code k}). */
  public int parametersPerRow() {
    return parameters;
  }

  /** The most rows one statement can carry: a Bind holds at most 65,535 parameters. */
  public int maxRows() {
    return MAX_PARAMETERS / parameters;
  }

  /** The statement inserting {@code rows} rows, whose parameters are the rows' values in order. */
  public String sql(int rows) {
    if (rows < 1 || rows > maxRows()) {
      throw new IllegalArgumentException("rows must be 1 to " + maxRows() + ", not " + rows);
    }
    StringBuilder b = new StringBuilder(head.length() + tail.length() + rows * 8 * (parameters + 1));
    b.append(head);
    for (int r = 0; r < rows; r++) {
      if (r > 0) {
        b.append(", ");
      }
      for (Object piece : tuple) {
        if (piece instanceof Integer n) {
          b.append('$').append(n + r * parameters);
        } else {
          b.append((String) piece);
        }
      }
    }
    return b.append(tail).toString();
  }

  private static boolean nextSignificant(SqlScanner s) {
    while (s.next()) {
      if (!isSpace(s)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isSpace(SqlScanner s) {
    return s.kind() == Kind.LINE_COMMENT || s.kind() == Kind.BLOCK_COMMENT
        || (s.kind() == Kind.OTHER && Character.isWhitespace(s.first()));
  }

  private static int paren(SqlScanner s) {
    return switch (s.first()) {
      case '(' -> 1;
      case ')' -> -1;
      default -> 0;
    };
  }

  private static boolean word(String sql, SqlScanner s, String keyword) {
    return s.end() - s.start() == keyword.length() && sql.regionMatches(true, s.start(), keyword, 0, keyword.length());
  }
}
