package io.sluice.bench.drivers;

import io.sluice.Connection;
import io.sluice.CopyFormat;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.PreparedQuery;
import io.sluice.Row;
import io.sluice.bench.Checksum;
import io.sluice.bench.ColumnType;
import io.sluice.bench.CopyData;
import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.MixedLoad;
import io.sluice.bench.PointTasks;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.util.List;

/**
 * Sluice on ONE {@link Connection} for every workload, the concurrent one included: the connection
 * is thread-safe and pipelines the requests of its concurrent callers by itself. Statements carry
 * PostgreSQL's own {@code $1} placeholders; Sluice prepares each on first use, caches it, and reads
 * results in binary.
 *
 * <p>Two modes: {@code sluice} buffers each result ({@link Connection#query}, a {@code RowSet} of
 * lazy rows, as pgjdbc and vert.x buffer theirs); {@code sluice-stream} streams it
 * ({@link Connection#forEach}, one reused row view, nothing kept). {@code sluice-pool} sends every
 * statement through a {@link Pool} of as many connections as the pgjdbc drivers' HikariCP pool,
 * which spreads concurrent callers over them and pipelines on each.
 */
public final class SluiceDriver implements Driver {
  private final String name;
  private final boolean streaming;
  private final Connection connection;
  private final Pool pool;

  private final String uri;

  private SluiceDriver(String name, boolean streaming, Target target, boolean pooled) {
    this.uri = target.uri();
    this.name = name;
    this.streaming = streaming;
    this.connection = pooled ? null : Connection.open(target.uri());
    this.pool = pooled ? Pool.open(target.uri(), PoolOptions.DEFAULT.minSize(JdbcDriver.POOL_SIZE)
        .maxSize(JdbcDriver.POOL_SIZE)) : null;
  }

  /** Every statement through a pool the size of the pgjdbc drivers' HikariCP pool. */
  public static SluiceDriver pooled(Target target) {
    return new SluiceDriver("sluice-pool", false, target, true);
  }

  /** Results buffered in a {@code RowSet}. */
  public static SluiceDriver buffered(Target target) {
    return new SluiceDriver("sluice", false, target, false);
  }

  /** Results streamed through {@code forEach}. */
  public static SluiceDriver streaming(Target target) {
    return new SluiceDriver("sluice-stream", true, target, false);
  }

  @Override
  public String name() {
    return name;
  }

  /** The shared connection's counters (wake-ups and requests per write), or null for the pool. */
  public io.sluice.ConnectionStats connectionStats() {
    return connection == null ? null : connection.stats();
  }

  @Override
  public String description() {
    if (pool != null) {
      return "Sluice (this build), a Pool of " + JdbcDriver.POOL_SIZE + " connections, query (buffered)";
    }
    return "Sluice (this build), one connection shared by all threads, "
        + (streaming ? "forEach (streamed, row view reused)" : "query (buffered RowSet of lazy rows)");
  }

  /** COPY runs on the plain connection only (the other modes would measure the same code). */
  @Override
  public boolean supports(Workload workload) {
    if (workload.kind() == Workload.Kind.POINT_CONNECT || workload.kind() == Workload.Kind.POINT_PREPARED
        || workload.kind() == Workload.Kind.WRITE_AUTOCOMMIT || workload.kind() == Workload.Kind.WRITE_TRANSACTION) {
      return pool == null && !streaming;   // connecting, preparing and writing are the same code in every mode
    }
    if (workload.kind().isPooled()) {
      return pool != null;
    }
    if (workload.kind() == Workload.Kind.MIXED_LOAD) {
      return !streaming;   // one shared connection, and the pool
    }
    return Driver.super.supports(workload)
        || (workload.kind().isCopy() || workload.kind() == Workload.Kind.BATCH_INSERT) && (pool == null && !streaming);
  }

  @Override
  public void prepare(Workload workload) {
    if (workload.kind() == Workload.Kind.COPY_IN || workload.kind() == Workload.Kind.BATCH_INSERT) {
      CopyData.rows(workload.expectedRows());
    }
    if (workload.kind() == Workload.Kind.BATCH_INSERT) {
      connection.execute(CopyData.TRUNCATE);   // emptied once: the table has no key, each run adds its rows
    }
    if (workload.kind() == Workload.Kind.MIXED_LOAD) {
      MixedLoad.setUp(pool != null ? pool : connection);
    }
  }

  @Override
  public void run(Workload workload, Fold fold) throws Exception {
    List<String> statements = workload.statements();   // seed 002's writes: split once, not per id
    switch (workload.kind()) {
      case COPY_OUT -> {
        CopyData.Counter counter = new CopyData.Counter();
        connection.copy().to(workload.sql(), counter);
        counter.foldInto(fold);
      }
      case COPY_IN -> {
        connection.execute(CopyData.TRUNCATE);
        long n = connection.copy().fromRows(CopyData.TABLE_IN, CopyData.COLUMNS, CopyFormat.BINARY,
            CopyData.rows(workload.expectedRows()));
        fold.absorb(n, 0);
      }
      case BATCH_INSERT -> {
        long inserted = 0;
        for (long n : connection.executeMany(workload.sql(), CopyData.rows(workload.expectedRows()))) {
          inserted += n;
        }
        fold.absorb(inserted, 0);
      }
      case MIXED_LOAD -> MixedLoad.run(workload, connection, pool, fold, name);
      case BULK -> read(workload, fold);
      case POINT_SEQUENTIAL -> PointTasks.runSequentially(workload, fold, (i, f) -> read(workload, f, workload.id(i)));
      case POINT_CONNECT -> PointTasks.runSequentially(workload, fold, (i, f) -> {
        try (Connection c = Connection.open(uri)) {
          for (Row row : c.query(workload.sql(), workload.id(i))) {
            fold(row, workload.columns().toArray(new ColumnType[0]), workload.touchColumns(), f);
          }
        }
      });
      case POINT_CONCURRENT -> PointTasks.runConcurrently(workload, fold, (i, f) -> read(workload, f, workload.id(i)));
      case POINT_POOLED -> PointTasks.runSequentially(workload, fold, (i, f) -> read(workload, f, workload.id(i)));
      case POINT_PREPARED -> {
        PreparedQuery q = connection.prepare(workload.sql());
        ColumnType[] types = workload.columns().toArray(new ColumnType[0]);
        PointTasks.runSequentially(workload, fold, (i, f) -> {
          for (Row row : q.query(workload.id(i))) {
            fold(row, types, true, f);
          }
        });
      }
      case WRITE_AUTOCOMMIT -> PointTasks.runSequentially(workload, fold, (i, f) -> {
        for (String sql : statements) {
          foldAll(connection.query(sql, workload.id(i)), f);
        }
      });
      case WRITE_TRANSACTION -> PointTasks.runSequentially(workload, fold, (i, f) -> connection.transaction(tx -> {
        for (String sql : statements) {
          foldAll(tx.query(sql, workload.id(i)), f);
        }
        return null;
      }));
      case WRITE_POOL_TRANSACTION -> PointTasks.runSequentially(workload, fold, (i, f) -> pool.transaction(tx -> {
        for (String sql : statements) {
          foldAll(tx.query(sql, workload.id(i)), f);
        }
        return null;
      }));
      case HTTP -> throw new IllegalArgumentException("the lab serves HTTP itself");
    }
  }

  /** The rows of a write returning one int4 column (the id). */
  private static void foldAll(List<Row> rows, Fold fold) {
    for (Row row : rows) {
      fold.add(Checksum.ofLong(row.getInt(0)));
      fold.endRow();
    }
  }

  private void read(Workload workload, Fold fold, Object... params) {
    ColumnType[] types = workload.columns().toArray(new ColumnType[0]);
    boolean touch = workload.touchColumns();
    if (pool != null) {
      for (Row row : pool.query(workload.sql(), params)) {
        fold(row, types, touch, fold);
      }
    } else if (streaming) {
      connection.forEach(workload.sql(), row -> fold(row, types, touch, fold), params);
    } else {
      List<Row> rows = connection.query(workload.sql(), params);
      for (Row row : rows) {
        fold(row, types, touch, fold);
      }
    }
  }

  private static void fold(Row row, ColumnType[] types, boolean touch, Fold fold) {
    if (!touch) {
      fold.countRow();
      return;
    }
    for (int i = 0; i < types.length; i++) {
      fold.add(value(row, i, types[i], fold));
    }
    fold.endRow();
  }

  /** Primitive getters throw on SQL NULL, so those check {@link Row#isNull} first; object getters return null. */
  private static long value(Row row, int i, ColumnType type, Fold fold) {
    return switch (type) {
      case INT4 -> row.isNull(i) ? Checksum.NULL : Checksum.ofLong(fold.printed(row.getInt(i)));
      case INT8 -> row.isNull(i) ? Checksum.NULL : Checksum.ofLong(row.getLong(i));
      case FLOAT8 -> row.isNull(i) ? Checksum.NULL : Checksum.ofDouble(row.getDouble(i));
      case BOOL -> row.isNull(i) ? Checksum.NULL : Checksum.ofBoolean(row.getBoolean(i));
      case NUMERIC -> Checksum.ofBigDecimal(row.getBigDecimal(i));
      case TEXT -> Checksum.ofString(fold.printed(row.getString(i)));
      case DATE -> Checksum.ofDate(row.getLocalDate(i));
      case TIMESTAMPTZ -> Checksum.ofTimestamp(row.getOffsetDateTime(i));
      case UUID -> Checksum.ofUuid(row.getUUID(i));
    };
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.close();
    } else {
      connection.close();
    }
  }
}
