package io.sluice;

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
record PoolRunner(Pool pool, long timeoutNanos) implements Runner {
  @Override
  public Deadline deadline() {
    return timeoutNanos < 0 ? Deadline.NONE : Deadline.in(timeoutNanos);
  }

  @Override
  public Runner withTimeout(long nanos) {
    return new PoolRunner(pool, nanos);
  }

  @Override
  public RowSet query(Deadline d, String sql, Object[] params) {
    return pool.run(Pool.Hold.SHARED, d, s -> s.c.runner.query(s.c.deadline(d), sql, params));
  }

  @Override
  public long execute(Deadline d, String sql, Object[] params) {
    return pool.run(Pool.Hold.SHARED, d, s -> s.c.runner.execute(s.c.deadline(d), sql, params));
  }

  @Override
  public void forEach(Deadline d, String sql, Consumer<? super Row> each, Object[] params) {
    pool.run(Pool.Hold.BORROWED, d, s -> {
      s.c.runner.forEach(s.c.deadline(d), sql, each, params);
      return null;
    });
  }

  @Override
  public void forEachWhile(Deadline d, String sql, Predicate<? super Row> each, Object[] params) {
    pool.run(Pool.Hold.BORROWED, d, s -> {
      s.c.runner.forEachWhile(s.c.deadline(d), sql, each, params);
      return null;
    });
  }

  @Override
  public PreparedQuery prepare(Deadline d, String sql) {
    return pool.run(Pool.Hold.SHARED, d, s -> s.c.runner.prepare(s.c.deadline(d), sql)).through(pool);
  }

  @Override
  public long[] executeMany(Deadline d, String sql, List<Object[]> groups) {
    return pool.run(Pool.Hold.SHARED, d, s -> s.c.runner.executeMany(s.c.deadline(d), sql, groups));
  }

  @Override
  public RowStream stream(Deadline d, String sql, int fetchSize, Object[] params) {
    return pool.run(Pool.Hold.LENT, d,
        s -> ((PortalRowStream) s.c.runner.stream(s.c.deadline(d), sql, fetchSize, params))
            .afterClose(() -> pool.slots().giveBack(s, null)));
  }


  @Override
  public List<SimpleResult> simpleQuery(Deadline d, String sql) {
    return pool.run(Pool.Hold.SHARED, d, s -> s.c.runner.simpleQuery(s.c.deadline(d), sql));
  }
}
