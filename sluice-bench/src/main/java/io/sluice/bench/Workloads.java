package io.sluice.bench;

import static io.sluice.bench.ColumnType.BOOL;
import static io.sluice.bench.ColumnType.DATE;
import static io.sluice.bench.ColumnType.FLOAT8;
import static io.sluice.bench.ColumnType.INT4;
import static io.sluice.bench.ColumnType.INT8;
import static io.sluice.bench.ColumnType.NUMERIC;
import static io.sluice.bench.ColumnType.TEXT;
import static io.sluice.bench.ColumnType.TIMESTAMPTZ;
import static io.sluice.bench.ColumnType.UUID;

import io.sluice.bench.Workload.Kind;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** The workload table: every row runs against every driver. Data sets: {@link Datasets}. */
public final class Workloads {
  /** Point queries per execution of the point workloads. */
  public static final int POINT_QUERIES = 20_000;
  /** Virtual threads issuing the concurrent point queries. */
  public static final int POINT_THREADS = 16;
  /** Seed of the point-query ids, so every driver and every run asks for the same rows. */
  public static final long POINT_SEED = 42;

  private static final List<ColumnType> T50K = List.of(INT4, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT);
  private static final List<ColumnType> MIXED = List.of(INT4, INT8, FLOAT8, NUMERIC, TEXT, BOOL, DATE, TIMESTAMPTZ, UUID);
  private static final List<ColumnType> TS60 = Collections.nCopies(60, TIMESTAMPTZ);

  private Workloads() {}

  public static List<Workload> all() {
    int rows = Datasets.ROWS;
    Workload t50k = Workload.bulk("t50k", "50,000 rows: id + 9 text columns of 100 characters (seed 003 t50k)",
        "select * from bench.t50k", T50K, rows);
    Workload ts60 = Workload.bulk("ts60", "50,000 rows of 60 timestamptz, every value read (seed 000 test 5)",
        "select * from bench.ts60", TS60, rows);
    int[] ids = pointIds();
    String point = "select * from bench.t50k where id = $1";
    Workload mixed9 = Workload.bulk("mixed9", "50,000 rows of 9 types: numbers, strings, timestamps (seed 000 test 2)",
        "select * from bench.mixed50k", MIXED, rows);
    // the timestamp in UTC as text: the JSON must not depend on each driver's session TimeZone
    Workload json50k = Workload.bulk("json50k", "50,000 JSON objects of the 9-type rows, read as text (seed 000 test 3)",
        "select row_to_json(m)::text as doc from (select id, n8, f8, amount, label, flag, day,"
            + " at at time zone 'UTC' as at, ref from bench.mixed50k) m", List.of(TEXT), rows);
    return List.of(
        Workload.bulk("int1", "50,000 rows of one integer column (seed 000 test 1)",
            "select * from bench.int1", List.of(INT4), rows),
        mixed9,
        // seed 000's tests 2 and 3 themselves: rows read and wrapped, no value parsed
        mixed9.rowsOnly("mixed9-rows", "mixed9, rows read but no column touched (seed 000 test 2 as the seed ran it)"),
        json50k,
        json50k.rowsOnly("json50k-rows", "json50k, rows read but no column touched (seed 000 test 3 as the seed ran it)"),
        t50k,
        t50k.rowsOnly("t50k-rows", "t50k, rows read but no column touched"),
        t50k.printed("t50k-print", "t50k, every row also printed as a line of text to /dev/null",
            Workload.Output.DEV_NULL),
        t50k.printed("t50k-file", "t50k, every row also printed as a line of text to a file",
            Workload.Output.FILE),
        Workload.copy("t50k-copy", "t50k fetched by COPY TO STDOUT (text): seed 003's alternate fetch method",
            Kind.COPY_OUT, "copy bench.t50k to stdout", rows),
        ts60,
        ts60.rowsOnly("ts60-rows", "ts60, rows read but no column touched"),
        Workload.points("point-seq", "20,000 x one row of t50k by primary key, in sequence on one connection",
            Kind.POINT_SEQUENTIAL, point, T50K, ids, 1),
        Workload.points("point-vt16", "the same 20,000 point queries from 16 virtual threads",
            Kind.POINT_CONCURRENT, point, T50K, ids, POINT_THREADS),
        Workload.points("point-vt64", "the same 20,000 point queries from 64 virtual threads",
            Kind.POINT_CONCURRENT, point, T50K, ids, 64),
        Workload.points("connect-per-query", String.format("%,d point queries of t50k, each on a new connection"
            + " (connecting measured)", CONNECT_QUERIES), Kind.POINT_CONNECT, point, T50K,
            Arrays.copyOf(ids, CONNECT_QUERIES), 1),
        seed004("select", 1), seed004("select", 5), seed004("select", 10), seed004("select", 100),
        seed004("select", 200),
        seed004("insert", 1), seed004("insert", 5), seed004("insert", 10), seed004("insert", 100),
        seed004("insert", 200),
        Workload.copy("copy-out", "COPY of 1,000,000 rows (int8, text, numeric, timestamptz) to the client, text format",
            Kind.COPY_OUT, "copy bench.c1m to stdout", CopyData.ROWS),
        Workload.copy("copy-in", "COPY of 1,000,000 rows into an emptied unlogged table: Sluice from Java values"
            + " (binary), the others from pre-formatted text, vert.x by batches", Kind.COPY_IN, CopyData.COPY_IN_SQL,
            CopyData.ROWS),
        Workload.copy("copy-in-100k", "the first 100,000 rows of copy-in, the same ways", Kind.COPY_IN,
            CopyData.COPY_IN_SQL, 100_000),
        batchInsert());
  }

  /** Callers of the mixed-load case at full size (issue 24: 500 threads, 11,000 operations). */
  public static final int MIXED_LOAD_THREADS = 500;

  /**
   * Issue 24's mixed load with {@code threads} callers: named {@code mixed-load} at full size,
   * else {@code mixed-load-<threads>}. Not in {@link #all()}: only Sluice runs it (one connection,
   * and the pool), and the lab adds it by name.
   */
  public static Workload mixedLoad(int threads) {
    String name = threads == MIXED_LOAD_THREADS ? "mixed-load" : "mixed-load-" + threads;
    return new Workload(name, String.format("%,d virtual threads sharing one connection (or pool), each running 11"
        + " kinds of statement twice (point and multi-row selects, 22012, P0001, 23505, 22P02, pg_sleep(0.003), a"
        + " forEach whose callback throws, prepare + query, a 3-statement batch): %,d operations, every answer"
        + " checked", threads, MixedLoad.operations(threads)), Kind.MIXED_LOAD, "", List.of(), false,
        MixedLoad.operations(threads), new int[0], threads);
  }

  /** Rows of the batch-insert case. */
  public static final int BATCH_ROWS = 1_000;

  /** One single-row insert, 1,000 parameter groups (copy-in's first rows), in one batch into the emptied table. */
  static Workload batchInsert() {
    return new Workload("batch-insert", String.format("%,d single-row inserts (int8, text, numeric, timestamptz) sent"
        + " as one batch into an emptied unlogged table: JDBC executeBatch, Sluice executeMany, vert.x executeBatch",
        BATCH_ROWS), Kind.BATCH_INSERT, CopyData.INSERT_SQL, List.of(), false, BATCH_ROWS, new int[0], 1);
  }

  /** Rows of seed 003's t10m in the full profile (the default profile reads fewer and says so). */
  public static final long T10M_ROWS = 10_000_000;

  /**
   * Seed 003's big result: all of {@code bench.t10m} (id + 9 short text columns), which {@link
   * Datasets#ensureT10m} fills with {@code rows} rows. Named {@code t10m} at full size, else
   * {@code t10m-<rows>}.
   */
  public static Workload t10m(long rows) {
    String name = rows == T10M_ROWS ? "t10m" : "t10m-" + rows;
    return Workload.bulk(name, String.format("%,d rows of t10m: id + 9 short text columns (seed 003 t10m%s)", rows,
        rows == T10M_ROWS ? "" : "; seed 003 reads 10,000,000"), "select * from bench.t10m", T50K, rows);
  }

  /**
   * Seed 002's single-row CRUD, whose time the lab splits into client CPU, server CPU and the rest:
   * the select by key on a dedicated connection, through a pool, and through a statement prepared
   * by the caller; an insert and a delete of one row (each returning the id) in autocommit, in an
   * explicit transaction, and in a transaction on a pooled connection. {@code ids} are the keys.
   */
  public static List<Workload> seed002(int[] ids) {
    String point = "select * from bench.t50k where id = $1";
    String write = "insert into bench.s002 (id, v) values ($1, 'seed 002') returning id;\n"
        + "delete from bench.s002 where id = $1 returning id";
    String n = String.format("%,d", ids.length);
    return List.of(
        Workload.points("s002-select", n + " x one row by key, dedicated connection", Kind.POINT_SEQUENTIAL, point,
            T50K, ids, 1),
        Workload.points("s002-select-pool", n + " x one row by key, a pooled connection borrowed for each",
            Kind.POINT_POOLED, point, T50K, ids, 1),
        Workload.points("s002-select-prepared", n + " x one row by key, a statement prepared once by the caller",
            Kind.POINT_PREPARED, point, T50K, ids, 1),
        Workload.points("s002-write", n + " x insert + delete of one row, autocommit", Kind.WRITE_AUTOCOMMIT, write,
            List.of(INT4), ids, 1, 2),
        Workload.points("s002-write-tx", n + " x insert + delete of one row in an explicit transaction",
            Kind.WRITE_TRANSACTION, write, List.of(INT4), ids, 1, 2),
        Workload.points("s002-write-pool-tx", n + " x insert + delete in a transaction on a pooled connection",
            Kind.WRITE_POOL_TRANSACTION, write, List.of(INT4), ids, 1, 2));
  }

  /** Point queries (and connections) per execution of the connect-per-query workload. */
  public static final int CONNECT_QUERIES = 500;

  /** Queries per execution of seed 004's n-at-a-time workloads. */
  public static final int SEED004_QUERIES = 2_000;
  /** Rows each of seed 004's selects returns. */
  public static final int SEED004_ROWS = 50;

  /**
   * Seed 004 (pglue): the same statement fired {@code n} at a time on one connection (n virtual
   * threads; pgjdbc borrows from its pool): a 50-row range select, or a one-row insert into an
   * unlogged table returning its id (so that every interface runs it as a query).
   */
  static Workload seed004(String what, int n) {
    Random random = new Random(POINT_SEED + n);
    int[] ids = new int[SEED004_QUERIES];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = 1 + random.nextInt(Datasets.ROWS - SEED004_ROWS);
    }
    Kind kind = n == 1 ? Kind.POINT_SEQUENTIAL : Kind.POINT_CONCURRENT;
    if (what.equals("select")) {
      return Workload.points("n" + n + "-select", String.format("%,d selects of 50 rows of t50k (id, c1), %d at a time",
          ids.length, n), kind, "select id, c1 from bench.t50k where id >= $1 order by id limit " + SEED004_ROWS, List.of(INT4, TEXT), ids, n, SEED004_ROWS);
    }
    return Workload.points("n" + n + "-insert", String.format("%,d one-row inserts (returning the id), %d at a time",
        ids.length, n), kind, "insert into bench.s004 (id, v) values ($1, 'x') returning id", List.of(INT4), ids, n);
  }

  /** The workload called {@code name}. */
  public static Workload named(String name) {
    return all().stream().filter(w -> w.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no workload " + name + "; there are " + names()));
  }

  public static List<String> names() {
    return all().stream().map(Workload::name).toList();
  }

  /** {@link #POINT_QUERIES} ids of t50k, uniformly drawn (with repeats) from a seeded generator. */
  public static int[] pointIds() {
    Random random = new Random(POINT_SEED);
    int[] ids = new int[POINT_QUERIES];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = 1 + random.nextInt(Datasets.ROWS);
    }
    return ids;
  }
}
