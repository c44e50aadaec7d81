package io.sluice.internal.pool;

import io.sluice.PreparedQuery;
import io.sluice.Queryable;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SimpleResult;
import io.sluice.internal.calls.PreparedHandle;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.fleet.Route;
import io.sluice.internal.statements.PortalRowStream;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A routing pool's calls ({@link FleetPool}): as {@link PoolRunner}, each on a connection of the
 * host group its {@code route} picks per call; a timeout view keeps the route.
 */
record RoutedRunner(FleetPool fleet, Route route, long timeoutNanos) implements Runner {
  @Override
  public Deadline deadline() {
    return timeoutNanos < 0 ? Deadline.NONE : Deadline.in(timeoutNanos);
  }

  @Override
  public Runner withTimeout(long nanos) {
    return new RoutedRunner(fleet, route, nanos);
  }

  @Override
  public RowSet query(Deadline d, String sql, Object[] params) {
    return fleet.run(route, Hold.SHARED, d, (g, s) -> s.core.runner().query(s.core.deadline(d), sql, params));
  }

  @Override
  public long execute(Deadline d, String sql, Object[] params) {
    return fleet.run(route, Hold.SHARED, d, (g, s) -> s.core.runner().execute(s.core.deadline(d), sql, params));
  }

  @Override
  public void forEach(Deadline d, String sql, Consumer<? super Row> each, Object[] params) {
    fleet.run(route, Hold.BORROWED, d, (g, s) -> {
      s.core.runner().forEach(s.core.deadline(d), sql, each, params);
      return null;
    });
  }

  @Override
  public void forEachWhile(Deadline d, String sql, Predicate<? super Row> each, Object[] params) {
    fleet.run(route, Hold.BORROWED, d, (g, s) -> {
      s.core.runner().forEachWhile(s.core.deadline(d), sql, each, params);
      return null;
    });
  }

  /** The prepared statement's later calls go through the pool on this route (without this view's timeout, as {@link PoolRunner}'s). */
  @Override
  public PreparedQuery prepare(Deadline d, String sql) {
    Queryable later = route == Route.READ ? fleet.pool().readOnly() : fleet.pool();
    return fleet.run(route, Hold.SHARED, d, (g, s) -> (PreparedHandle) s.core.runner().prepare(s.core.deadline(d), sql))
        .through(later);
  }

  @Override
  public long[] executeMany(Deadline d, String sql, List<Object[]> groups) {
    return fleet.run(route, Hold.SHARED, d, (g, s) -> s.core.runner().executeMany(s.core.deadline(d), sql, groups));
  }

  @Override
  public RowStream stream(Deadline d, String sql, int fetchSize, Object[] params) {
    return fleet.run(route, Hold.LENT, d,
        (g, s) -> ((PortalRowStream) s.core.runner().stream(s.core.deadline(d), sql, fetchSize, params))
            .afterClose(() -> {
              if (fleet.tracking().tracks(route)) {
                fleet.tracking().ask(route, g, s.core, Deadline.NONE);   // no trailer can follow a stream
              }
              g.slots().giveBack(s, null);
            }));
  }

  @Override
  public List<SimpleResult> simpleQuery(Deadline d, String sql) {
    return fleet.run(route, Hold.SHARED, d, (g, s) -> s.core.runner().simpleQuery(s.core.deadline(d), sql));
  }
}
