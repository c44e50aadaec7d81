package io.sluice.internal.pool;

import io.sluice.PreparedQuery;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SimpleResult;
import io.sluice.internal.calls.PreparedHandle;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.statements.PortalRowStream;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A pool's calls, each on a connection its {@link Placement} gives: a shared one (pipelined with
 * other callers' statements) for a statement, a borrowed one for a stream read inside the call,
 * one lent until the caller closes a {@link RowStream}. With no timeout of its own ({@code
 * timeoutNanos < 0}) a call waits up to the acquire timeout and runs under the connection's {@code
 * query_timeout}; a timeout view keeps the placement (a routing pool's route).
 */
record PoolRunner(Placement place, long timeoutNanos) implements Runner {
  @Override
  public Deadline deadline() {
    return timeoutNanos < 0 ? Deadline.NONE : Deadline.in(timeoutNanos);
  }

  @Override
  public Runner withTimeout(long nanos) {
    return new PoolRunner(place, nanos);
  }

  @Override
  public RowSet query(Deadline d, String sql, Object[] params) {
    return place.run(Hold.SHARED, d, (g, s) -> s.core.runner().query(s.core.deadline(d), sql, params));
  }

  @Override
  public long execute(Deadline d, String sql, Object[] params) {
    return place.run(Hold.SHARED, d, (g, s) -> s.core.runner().execute(s.core.deadline(d), sql, params));
  }

  @Override
  public void forEach(Deadline d, String sql, Consumer<? super Row> each, Object[] params) {
    place.run(Hold.BORROWED, d, (g, s) -> {
      s.core.runner().forEach(s.core.deadline(d), sql, each, params);
      return null;
    });
  }

  @Override
  public void forEachWhile(Deadline d, String sql, Predicate<? super Row> each, Object[] params) {
    place.run(Hold.BORROWED, d, (g, s) -> {
      s.core.runner().forEachWhile(s.core.deadline(d), sql, each, params);
      return null;
    });
  }

  /** The prepared statement's later calls go through the pool (or its read route), without this view's timeout. */
  @Override
  public PreparedQuery prepare(Deadline d, String sql) {
    return place.run(Hold.SHARED, d, (g, s) -> (PreparedHandle) s.core.runner().prepare(s.core.deadline(d), sql))
        .through(place.preparedThrough());
  }

  @Override
  public long[] executeMany(Deadline d, String sql, List<Object[]> groups) {
    return place.run(Hold.SHARED, d, (g, s) -> s.core.runner().executeMany(s.core.deadline(d), sql, groups));
  }

  @Override
  public RowStream stream(Deadline d, String sql, int fetchSize, Object[] params) {
    return place.run(Hold.LENT, d,
        (g, s) -> ((PortalRowStream) s.core.runner().stream(s.core.deadline(d), sql, fetchSize, params))
            .afterClose(() -> place.giveBackLent(g, s)));
  }

  @Override
  public List<SimpleResult> simpleQuery(Deadline d, String sql) {
    return place.run(Hold.SHARED, d, (g, s) -> s.core.runner().simpleQuery(s.core.deadline(d), sql));
  }
}
