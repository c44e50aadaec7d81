package io.sluice.bench;

import java.util.List;
import java.util.Objects;

/**
 * One row of the workload table: what to run and what must come back.
 *
 * @param name short name for {@code --only} and the report
 * @param description what it reproduces, for the report
 * @param kind how the SQL is executed
 * @param sql the statement, with PostgreSQL's {@code $1} placeholder for point queries (JDBC
 *     drivers rewrite it to {@code ?})
 * @param columns the type of each result column, in order: the getter each driver calls
 * @param touchColumns false for "read rows, touch no columns": rows are counted, values not read
 * @param expectedRows rows one execution must return (for point workloads: over all queries)
 * @param ids the key of each point query, in order (empty for bulk workloads)
 * @param threads virtual threads issuing the point queries ({@link Kind#POINT_CONCURRENT}), else 1
 * @param output where every row is also printed as text (seed 003's materialisation column), or
 *     {@link Output#NONE}
 */
public record Workload(String name, String description, Kind kind, String sql, List<ColumnType> columns,
    boolean touchColumns, long expectedRows, int[] ids, int threads, Output output) {

  /**
   * Seed 003's "print" materialisations: besides being read and checked, every row is written as a
   * line of tab-separated text, to {@code /dev/null} or to a file (created for the run, then deleted).
   */
  public enum Output {
    NONE,
    DEV_NULL,
    FILE
  }

  public enum Kind {
    /** Run the statement once, read every row. */
    BULK,
    /** One statement per id, each waiting for the previous, on one connection. */
    POINT_SEQUENTIAL,
    /** The same statements from {@link Workload#threads} virtual threads at once. */
    POINT_CONCURRENT,
    /** One statement per id in sequence, each on a new connection (seed 003's connect per query). */
    POINT_CONNECT,
    /** {@code COPY … TO STDOUT} in text: lines and bytes are counted. */
    COPY_OUT,
    /** {@code COPY … FROM STDIN} of {@link CopyData}'s rows into an emptied table. */
    COPY_IN,
    /**
     * {@link CopyData}'s first rows into an emptied table by one single-row insert with many
     * parameter groups, sent as one batch: JDBC's {@code executeBatch}, Sluice's {@code
     * executeMany}, vert.x's {@code executeBatch}.
     */
    BATCH_INSERT,
    /** HTTP requests from a load tool to a server that answers rows as JSON (the lab runs these). */
    HTTP,
    /** Seed 002: one statement per id in sequence, each on a connection borrowed from a pool and returned. */
    POINT_POOLED,
    /** Seed 002: one statement per id in sequence, through a statement prepared once by the caller. */
    POINT_PREPARED,
    /**
     * Seed 002's writes: per id, the statements of {@link Workload#statements()} (an insert and a
     * delete, each returning the id) in sequence on one connection, each in its own implicit transaction.
     */
    WRITE_AUTOCOMMIT,
    /** The same statements per id inside one explicit transaction (begin … commit) on one connection. */
    WRITE_TRANSACTION,
    /** The same transaction per id, on a connection borrowed from a pool for it. */
    WRITE_POOL_TRANSACTION,
    /**
     * Issue 24's mixed load ({@link MixedLoad}): {@link Workload#threads} virtual threads sharing
     * one connection or pool, each running eleven kinds of statement twice, every answer checked.
     */
    MIXED_LOAD;

    /** Kinds that run one statement (or one group of statements) per id. */
    public boolean isPoint() {
      return this == POINT_SEQUENTIAL || this == POINT_CONCURRENT || this == POINT_CONNECT || this == POINT_POOLED
          || this == POINT_PREPARED || isWrite();
    }

    /** Seed 002's write kinds. */
    public boolean isWrite() {
      return this == WRITE_AUTOCOMMIT || this == WRITE_TRANSACTION || this == WRITE_POOL_TRANSACTION;
    }

    /** Kinds that borrow from a pool per id. */
    public boolean isPooled() {
      return this == POINT_POOLED || this == WRITE_POOL_TRANSACTION;
    }

    public boolean isCopy() {
      return this == COPY_OUT || this == COPY_IN;
    }
  }

  public Workload {
    Objects.requireNonNull(name);
    Objects.requireNonNull(kind);
    Objects.requireNonNull(output);
    columns = List.copyOf(columns);
    ids = ids.clone();
    if (output != Output.NONE && (kind != Kind.BULK || !touchColumns
        || !columns.stream().allMatch(t -> t == ColumnType.INT4 || t == ColumnType.TEXT))) {
      throw new IllegalArgumentException(name + ": rows are printed only for bulk reads of int4 and text columns");
    }
  }

  /** A workload whose rows are not printed. */
  public Workload(String name, String description, Kind kind, String sql, List<ColumnType> columns,
      boolean touchColumns, long expectedRows, int[] ids, int threads) {
    this(name, description, kind, sql, columns, touchColumns, expectedRows, ids, threads, Output.NONE);
  }

  /** A statement without parameters whose whole result is read. */
  public static Workload bulk(String name, String description, String sql, List<ColumnType> columns, long rows) {
    return new Workload(name, description, Kind.BULK, sql, columns, true, rows, new int[0], 1);
  }

  /** A COPY of {@code rows} rows, out of the server or into it. */
  public static Workload copy(String name, String description, Kind kind, String sql, long rows) {
    return new Workload(name, description, kind, sql, List.of(), false, rows, new int[0], 1);
  }

  /** {@code requests} HTTP requests at {@code concurrency} clients. */
  public static Workload http(String name, String description, int requests, int concurrency) {
    return new Workload(name, description, Kind.HTTP, "GET /rows", List.of(), false, requests, new int[0], concurrency);
  }

  /** Point queries returning one row each, one per id. */
  public static Workload points(String name, String description, Kind kind, String sql, List<ColumnType> columns,
      int[] ids, int threads) {
    return points(name, description, kind, sql, columns, ids, threads, 1);
  }

  /** Queries returning {@code rowsPerQuery} rows each, one per id. */
  public static Workload points(String name, String description, Kind kind, String sql, List<ColumnType> columns,
      int[] ids, int threads, int rowsPerQuery) {
    return new Workload(name, description, kind, sql, columns, true, (long) ids.length * rowsPerQuery, ids, threads);
  }

  /** Rows each query of a point workload returns. */
  public int rowsPerQuery() {
    return ids.length == 0 ? 0 : (int) (expectedRows / ids.length);
  }

  /** The same statement, read without touching any column. */
  public Workload rowsOnly(String newName, String newDescription) {
    return new Workload(newName, newDescription, kind, sql, columns, false, expectedRows, ids, threads);
  }

  /** The same statement, every row also printed to {@code output}. */
  public Workload printed(String newName, String newDescription, Output to) {
    return new Workload(newName, newDescription, kind, sql, columns, touchColumns, expectedRows, ids, threads, to);
  }

  /** The statements of {@link #sql()}, which separates several with a semicolon and a line break. */
  public List<String> statements() {
    return List.of(STATEMENT_END.split(sql));
  }

  /** {@link #statements()} with JDBC's {@code ?} placeholders. */
  public List<String> jdbcStatements() {
    return statements().stream().map(st -> JDBC_PARAMETER.matcher(st).replaceAll("?")).toList();
  }

  private static final java.util.regex.Pattern STATEMENT_END = java.util.regex.Pattern.compile(";\n");
  private static final java.util.regex.Pattern JDBC_PARAMETER = java.util.regex.Pattern.compile("\\$\\d+");

  /** The ids (a copy). */
  @Override
  public int[] ids() {
    return ids.clone();
  }

  /** The id of point query {@code i}, without copying. */
  public int id(int i) {
    return ids[i];
  }

  public int queryCount() {
    return ids.length;
  }

  /** {@link #sql()} with {@code $n} rewritten to JDBC's {@code ?} (the workloads put no {@code $} elsewhere). */
  public String jdbcSql() {
    return JDBC_PARAMETER.matcher(sql).replaceAll("?");
  }

  @Override
  public String toString() {
    return name;
  }
}
