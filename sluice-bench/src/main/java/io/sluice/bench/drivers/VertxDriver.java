package io.sluice.bench.drivers;

import io.sluice.bench.CopyData;
import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.PointTasks;
import io.sluice.bench.Target;
import io.sluice.bench.Versions;
import io.sluice.bench.Workload;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.vertx.sqlclient.data.Numeric;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * The vert.x reactive PostgreSQL client on one {@link PgConnection} for every workload, called from
 * blocking code: each request's future is awaited with
 * {@code toCompletionStage().toCompletableFuture().get()}. Concurrent workloads share the one
 * connection, which pipelines up to its default limit (256) of requests; the 16 virtual threads
 * keep at most 16 in flight.
 *
 * <p>Every statement goes through {@code preparedQuery} (extended protocol, binary results), with
 * prepared-statement caching on, as vert.x's documentation recommends for repeated statements.
 * Decoding happens on the event-loop thread into a buffered {@code RowSet}; the getters then run
 * on the calling thread. Both count in the process CPU time.
 */
public final class VertxDriver implements Driver {
  private final Vertx vertx;
  private final PgConnection connection;

  public VertxDriver(Target target) throws Exception {
    PgConnectOptions options = new PgConnectOptions()
        .setHost(target.host())
        .setPort(target.port())
        .setDatabase(target.database())
        .setUser(target.user())
        .setCachePreparedStatements(true);
    if (target.password() != null) {
      options.setPassword(target.password());
    }
    this.vertx = Vertx.vertx();
    try {
      this.connection = await(PgConnection.connect(vertx, options));
    } catch (Exception e) {
      await(vertx.close());
      throw e;
    }
  }

  @Override
  public String name() {
    return "vertx";
  }

  @Override
  public String description() {
    return "vert.x pg client " + Versions.maven("io.vertx", "vertx-pg-client")
        + ", one connection, preparedQuery, cachePreparedStatements=true, pipeliningLimit=256 (default)";
  }

  /** Queries, and bulk writes by batches (vert.x has no COPY). */
  @Override
  public boolean supports(Workload workload) {
    return Driver.super.supports(workload) || workload.kind() == Workload.Kind.COPY_IN
        || workload.kind() == Workload.Kind.BATCH_INSERT;
  }

  @Override
  public void prepare(Workload workload) throws Exception {
    if (workload.kind() == Workload.Kind.COPY_IN || workload.kind() == Workload.Kind.BATCH_INSERT) {
      CopyData.rows(workload.expectedRows());
    }
    if (workload.kind() == Workload.Kind.BATCH_INSERT) {
      await(connection.query(CopyData.TRUNCATE).execute());   // emptied once: each run adds its rows
    }
  }

  @Override
  public void run(Workload workload, Fold fold) throws Exception {
    String sql = workload.sql();
    switch (workload.kind()) {
      case BULK -> VertxRows.readAll(await(connection.preparedQuery(sql).execute()), workload, fold);
      case POINT_SEQUENTIAL -> PointTasks.runSequentially(workload, fold, (i, f) -> point(workload, i, f));
      case COPY_IN -> {
        await(connection.query(CopyData.TRUNCATE).execute());
        insertBatches(workload, fold);
      }
      case BATCH_INSERT -> insertBatches(workload, fold);
      case POINT_CONCURRENT -> PointTasks.runConcurrently(workload, fold, (i, f) -> point(workload, i, f));
      default -> throw new IllegalArgumentException("not run on vert.x: " + workload.name());
    }
  }

  /** Rows per {@code executeBatch}: one Parse, then a Bind/Execute per row, pipelined. */
  static final int BATCH = 5_000;

  /**
   * Bulk writes the fastest way vert.x's pg client has (it has no COPY): the rows as tuples of Java
   * values, sent by {@code executeBatch} in batches of {@link #BATCH}.
   */
  private void insertBatches(Workload workload, Fold fold) throws Exception {
    String insert = "insert into " + CopyData.TABLE_IN + " (" + String.join(", ", CopyData.COLUMNS) + ") values ($1, $2, $3, $4)";
    List<Object[]> rows = CopyData.rows(workload.expectedRows());
    long inserted = 0;
    for (int from = 0; from < rows.size(); from += BATCH) {
      List<Tuple> batch = new ArrayList<>(BATCH);
      for (Object[] r : rows.subList(from, Math.min(rows.size(), from + BATCH))) {
        batch.add(Tuple.of(r[0], r[1], Numeric.create((BigDecimal) r[2]), r[3]));
      }
      for (RowSet<Row> rs = await(connection.preparedQuery(insert).executeBatch(batch)); rs != null; rs = rs.next()) {
        inserted += rs.rowCount();
      }
    }
    fold.absorb(inserted, 0);
  }

  private void point(Workload workload, int index, Fold fold) throws Exception {
    RowSet<Row> rows = await(connection.preparedQuery(workload.sql()).execute(Tuple.of(workload.id(index))));
    VertxRows.readAll(rows, workload, fold);
  }

  /** Blocks until {@code future} completes; its failure is thrown as itself when it can be. */
  private static <T> T await(Future<T> future) throws Exception {
    try {
      return future.toCompletionStage().toCompletableFuture().get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  @Override
  public void close() throws Exception {
    try {
      await(connection.close());
    } finally {
      await(vertx.close());
    }
  }
}
