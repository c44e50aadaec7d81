package io.sluice.internal.engine;

import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.FakeDatabase.Definition;
import io.sluice.testkit.FakeDatabase.Result;
import io.sluice.testkit.Replies;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * One fuzz case, all of it derived from its seed: 1 to 8 calls made at once on one connection
 * (queries of 0 to 5 rows whose values name the caller and the row, streamed or buffered, commands,
 * statements that fail on the server after some rows, prepares), whether statements are named
 * or unnamed ({@code statement_cache_size=0}), and how many mutations the reply stream gets
 * (only harmless ones, notices and parameter changes, when {@code harmlessOnly}).
 */
record FuzzCase(long seed, boolean unnamed, List<Call> calls, int mutations, boolean harmlessOnly) {
  /** What a caller does. */
  enum Op { QUERY, FOR_EACH, EXECUTE, FAIL, PREPARE }

  static final String ROWS = "select fuzz rows for $1, $2";
  static final String FAILS = "select fuzz rows for $1, $2 then fail";
  static final String UPDATE = "update fuzz for $1, $2";
  static final String PREPARED = "select fuzz prepared ";
  /** The probe run after the calls, on a connection that should still be usable. */
  static final Call PROBE = new Call(-1, Op.QUERY, 1);

  /**
   * The fake server's statements. Parameters are the caller's tag and a count; each row is
   * (tag, "r" + index), so every row says whose it is.
   */
  static final FakeDatabase DB = new FakeDatabase()
      .define(ROWS, new Definition(new int[] {25, 25}, Replies.textColumns("caller", "row"),
          p -> Result.rows(rows(p.text(0), Integer.parseInt(p.text(1))))))
      .define(FAILS, new Definition(new int[] {25, 25}, Replies.textColumns("caller", "row"),
          p -> Result.failure(rows(p.text(0), Integer.parseInt(p.text(1))),
              Replies.errorFields("ERROR", "22012", "division by zero in " + p.text(0)))))
      .define(UPDATE, new Definition(new int[] {25, 25}, List.of(),
          p -> Result.command("UPDATE " + p.text(1))))
      .fallback(sql -> sql.startsWith(PREPARED) ? prepared(sql.substring(PREPARED.length())) : null);

  /** One caller: its index (tag "c" + index), what it does, and its row count (or rows before the error). */
  record Call(int index, Op op, int rows) {
    String tag() {
      return index < 0 ? "probe" : "c" + index;
    }

    String sql() {
      return switch (op) {
        case QUERY, FOR_EACH -> ROWS;
        case FAIL -> FAILS;
        case EXECUTE -> UPDATE;
        case PREPARE -> PREPARED + tag();
      };
    }

    /** The parameters of a run; the count of an update is chosen to name the caller too. */
    Object[] params() {
      return new Object[] {tag(), Integer.toString(op == Op.EXECUTE ? 100 + index : rows)};
    }
  }

  static FuzzCase generate(long seed) {
    Random r = new Random(seed);
    boolean unnamed = r.nextInt(4) == 0;
    int n = 1 + r.nextInt(8);
    List<Call> calls = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int p = r.nextInt(100);
      Op op = p < 30 ? Op.QUERY : p < 50 ? Op.FOR_EACH : p < 65 ? Op.EXECUTE : p < 80 ? Op.FAIL : Op.PREPARE;
      calls.add(new Call(i, op, op == Op.FAIL ? r.nextInt(3) : r.nextInt(6)));
    }
    int m = r.nextInt(10);
    int mutations = m == 0 ? 0 : m <= 6 ? 1 : m <= 8 ? 2 : 3;
    return new FuzzCase(seed, unnamed, calls, mutations, false);
  }

  /** The same case with only harmless mutations: every call must succeed as if there were none. */
  FuzzCase harmless() {
    return new FuzzCase(seed, unnamed, calls, mutations, true);
  }

  /** The random choices of the mutations, apart from those of the calls. */
  Random mutationRandom() {
    return new Random(seed * 0x9E3779B97F4A7C15L + 17);
  }

  private static List<List<String>> rows(String tag, int n) {
    List<List<String>> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rows.add(List.of(tag, "r" + i));
    }
    return rows;
  }

  /** A statement prepared by one caller: its parameter types and column name say whose it is. */
  private static Definition prepared(String tag) {
    int index = Integer.parseInt(tag.substring(1));
    int[] types = {23, 25, 16};
    return new Definition(Arrays.copyOf(types, 1 + index % 3), Replies.textColumns("p" + tag),
        p -> Result.rows(List.of()));
  }
}
