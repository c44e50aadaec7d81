package io.sluice.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.StringJoiner;
import java.util.function.IntFunction;

/**
 * The tables of schema {@code bench}, made once per server by SQL that runs entirely on the server
 * ({@code insert … select … from generate_series}). Every value is a function of the row number,
 * never {@code random()}, so the content, and so every workload's checksum, is the same on every
 * server and every run. Table {@code bench.dataset} holds {@link #VERSION}: when it matches, loading
 * is skipped; when it does not (an older layout), the schema is dropped and made again.
 */
public final class Datasets {
  /** Bump when any table's definition or content changes. */
  public static final int VERSION = 3;
  /** Rows of every table. */
  public static final int ROWS = 50_000;
  /** {@code pg_advisory_lock} key held while checking and loading, for two processes on one server. */
  private static final long LOCK_KEY = 7_514_823_001L;
  /** Multiplier of the pseudo-random values: 2^32 / golden ratio, a Knuth multiplicative hash. */
  private static final String KNUTH = "2654435761";

  /** Seed 002's writes insert and delete one row at a time here (made by data sets of any version). */
  private static final String SEED002_TABLE =
      "create unlogged table if not exists bench.s002 (id int4 primary key, v text not null)";

  private Datasets() {}

  /** Loads the data sets unless the server already has this version; returns true when it loaded. */
  public static boolean ensure(Target target) throws SQLException {
    try (Connection c = DriverManager.getConnection(target.jdbcUrl(""));
        Statement s = c.createStatement()) {
      s.execute("select pg_advisory_lock(" + LOCK_KEY + ")");
      try {
        if (currentVersion(s) == VERSION) {
          s.execute(SEED002_TABLE);
          s.execute("truncate bench.s004, bench.s002");
          return false;
        }
        s.execute("drop schema if exists bench cascade");
        s.execute("create schema bench");
        for (String sql : loadStatements()) {
          s.execute(sql);
        }
        // Vacuum now (outside any transaction) so that no measured read pays for setting hint bits.
        for (String table : new String[] {"int1", "t50k", "mixed50k", "ts60", "c1m"}) {
          s.execute("vacuum (freeze, analyze) bench." + table);
        }
        s.execute("create table bench.dataset (version int not null)");
        s.execute("insert into bench.dataset values (" + VERSION + ")");
        return true;
      } finally {
        s.execute("select pg_advisory_unlock(" + LOCK_KEY + ")");
      }
    }
  }

  /**
   * Makes {@code bench.t10m} hold exactly {@code rows} rows (id + 9 short text columns), unless it
   * already does: the table is made on demand, since its full size (10,000,000 rows, about a
   * gigabyte) is for the full profile only. Returns true when it loaded.
   */
  public static boolean ensureT10m(Target target, long rows) throws SQLException {
    ensure(target);
    try (Connection c = DriverManager.getConnection(target.jdbcUrl(""));
        Statement s = c.createStatement()) {
      s.execute("select pg_advisory_lock(" + LOCK_KEY + ")");
      try {
        try (ResultSet rs = s.executeQuery("select obj_description(oid, 'pg_class')"
            + " from pg_class where oid = to_regclass('bench.t10m')")) {
          if (rs.next() && String.valueOf(rows).equals(rs.getString(1))) {
            return false;
          }
        }
        s.execute("drop table if exists bench.t10m");
        s.execute("create table bench.t10m (id int4 not null, " + columns(9, i -> "c" + i + " text not null") + ")");
        s.execute("insert into bench.t10m select g, " + columns(9, i -> "(g * " + (2 * i + 1) + " % 1000003)::text")
            + " from generate_series(1, " + rows + ") g");
        s.execute("vacuum (freeze, analyze) bench.t10m");
        // the row count it was made with: the marker checked above
        s.execute("comment on table bench.t10m is '" + rows + "'");
        return true;
      } finally {
        s.execute("select pg_advisory_unlock(" + LOCK_KEY + ")");
      }
    }
  }

  private static int currentVersion(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("select to_regclass('bench.dataset') is not null")) {
      rs.next();
      if (!rs.getBoolean(1)) {
        return -1;
      }
    }
    try (ResultSet rs = s.executeQuery("select max(version) from bench.dataset")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** The DDL and inserts, in order; {@code g} is the row number 1..ROWS. */
  static String[] loadStatements() {
    String series = " from generate_series(1, " + ROWS + ") g";
    return new String[] {
      // seed 000 test 1: one pseudo-random int4 column
      "create table bench.int1 (x int4 not null)",
      "insert into bench.int1 select ((g::int8 * 1103515245 + 12345) % 2147483648 - 1073741824)::int4" + series,

      // seed 003 t50k: id and 9 text columns of exactly 100 characters (md5 hex repeated, cut)
      "create table bench.t50k (id int4 primary key, " + columns(9, i -> "c" + i + " text not null") + ")",
      "insert into bench.t50k select g, " + columns(9, i -> "left(repeat(md5(g || ':" + i + "'), 4), 100)") + series,

      // seed 000 test 2: nine columns of numbers, strings and timestamps; some NULLs
      """
      create table bench.mixed50k (id int4 primary key, n8 int8 not null, f8 float8 not null,
        amount numeric(12,2), label text, flag bool not null, day date not null,
        at timestamptz not null, ref uuid not null)""",
      "insert into bench.mixed50k select g,"
          + " (g::int8 * " + KNUTH + ") % 1000000000007 - 500000000000,"
          + " ((g * 7919) % 100003) / 7.0::float8,"
          // 1 row in 17 NULL; else -10,000,000.00 .. 9,999,999.99
          + " case when g % 17 = 0 then null else ((g::int8 * 48271) % 2000000000 - 1000000000) / 100.0 end,"
          // 1 row in 13 NULL; else 8 to 31 hex characters
          + " case when g % 13 = 0 then null else substr(md5(g::text), 1, 8 + g % 24) end,"
          + " g % 3 = 0,"
          + " date '2000-01-01' + (g * 37) % 10000,"
          + " " + timestamp("g::int8") + ","
          + " md5(g || ':uuid')::uuid"
          + series,

      // seed 000 test 5: sixty timestamptz columns
      "create table bench.ts60 (" + columns(60, i -> String.format("t%02d timestamptz not null", i)) + ")",
      "insert into bench.ts60 select " + columns(60, i -> timestamp("(g::int8 * 60 + " + i + ")")) + series,

      // COPY out: a million rows of the shape CopyData makes; COPY in: an unlogged table of that shape
      "create table bench.c1m (id int8 primary key, name text not null, amount numeric(12,2), at timestamptz not null)",
      "insert into bench.c1m select g, 'name ' || g || ' ' || md5(g::text), ((g::int8 * 7919) % 100000000) / 100.0, "
          + timestamp("g::int8") + " from generate_series(1, " + CopyData.ROWS + ") g",
      "create unlogged table bench.c1m_in (id int8, name text, amount numeric(12,2), at timestamptz)",
      // seed 004's inserts (emptied by ensure before each run)
      "create unlogged table bench.s004 (id int4 not null, v text not null)",
      SEED002_TABLE,
    };
  }

  /** A timestamptz between 2000 and about 2028 with microseconds, pseudo-random in {@code n}. */
  private static String timestamp(String n) {
    // at most 9e14 µs (28.5 years): exact in the float8 that interval * number goes through
    return "timestamptz '2000-01-01 00:00:00+00' + ((" + n + " * " + KNUTH + ") % 900000000000000)"
        + " * interval '1 microsecond'";
  }

  private static String columns(int count, IntFunction<String> column) {
    StringJoiner joiner = new StringJoiner(", ");
    for (int i = 1; i <= count; i++) {
      joiner.add(column.apply(i));
    }
    return joiner.toString();
  }
}
