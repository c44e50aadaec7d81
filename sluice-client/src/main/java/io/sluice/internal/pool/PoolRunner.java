package io.sluice.internal.pool;

import io.sluice.Pool;
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
 * A pool's calls: each holds a connection as its kind needs (shared by pipelining for a statement
 * whose rows are buffered, borrowed while rows stream to a callback, lent to an open stream until
 * it is closed) and runs the connection's own call. With no timeout of its own ({@code
 * timeoutNanos < 0}) a call gets the connection's {@code query_timeout}.
 */
record PoolRunner(SlotPool pool, Pool facade, long timeoutNanos) implements Runner {
  @Override
  public Deadline deadline() {
    return timeoutNanos < 0 ? Deadline.NONE : Deadline.in(timeoutNanos);
  }

  @Override
  public Runner withTimeout(long nanos) {
    return new PoolRunner(pool, facade, nanos);
  }

  @Override
  public RowSet query(Deadline d, String sql, Object[] params) {
    return pool.run(Hold.SHARED, d, s -> s.core.runner().query(s.core.deadline(d), sql, params));
  }

  @Override
  public long execute(Deadline d, String sql, Object[] params) {
    return pool.run(Hold.SHARED, d, s -> s.core.runner().execute(s.core.deadline(d), sql, params));
  }

  @Override
  public void forEach(Deadline d, String sql, Consumer<? super Row> each, Object[] params) {
    pool.run(Hold.BORROWED, d, s -> {
      s.core.runner().forEach(s.core.deadline(d), sql, each, params);
      return null;
    });
  }

  @Override
  public void forEachWhile(Deadline d, String sql, Predicate<? super Row> each, Object[] params) {
    pool.run(Hold.BORROWED, d, s -> {
      s.core.runner().forEachWhile(s.core.deadline(d), sql, each, params);
      return null;
    });
  }

  @Override
  public PreparedQuery prepare(Deadline d, String sql) {
    return pool.run(Hold.SHARED, d, s -> (PreparedHandle) s.core.runner().prepare(s.core.deadline(d), sql)).through(facade);
  }

  @Override
  public long[] executeMany(Deadline d, String sql, List<Object[]> groups) {
    return pool.run(Hold.SHARED, d, s -> s.core.runner().executeMany(s.core.deadline(d), sql, groups));
  }

  @Override
  public RowStream stream(Deadline d, String sql, int fetchSize, Object[] params) {
    return pool.run(Hold.LENT, d,
        s -> ((PortalRowStream) s.core.runner().stream(s.core.deadline(d), sql, fetchSize, params))
            .afterClose(() -> pool.slots().giveBack(s, null)));
  }


  @Override
  public List<SimpleResult> simpleQuery(Deadline d, String sql) {
    return pool.run(Hold.SHARED, d, s -> s.core.runner().simpleQuery(s.core.deadline(d), sql));
  }
}
