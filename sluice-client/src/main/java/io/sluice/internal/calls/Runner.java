package io.sluice.internal.calls;

import io.sluice.PreparedQuery;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SimpleResult;
import io.sluice.internal.engine.Deadline;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The query surface once, with the deadline as an argument: what a connection, a pool and a
 * transaction differ in is where a call runs and what wraps it, not which calls there are.
 * {@code Queryable}'s public methods are defaults over this; a call timeout is a runner with
 * another default deadline, not a second set of methods.
 */
public interface Runner {
  /** The deadline of a call that starts now and names none: the timeout view's, else the target's own. */
  Deadline deadline();

  /** This runner with each call's deadline {@code nanos} after the call starts. */
  Runner withTimeout(long nanos);

  RowSet query(Deadline d, String sql, Object[] params);

  long execute(Deadline d, String sql, Object[] params);

  long[] executeMany(Deadline d, String sql, List<Object[]> groups);

  void forEach(Deadline d, String sql, Consumer<? super Row> each, Object[] params);

  void forEachWhile(Deadline d, String sql, Predicate<? super Row> each, Object[] params);

  RowStream stream(Deadline d, String sql, int fetchSize, Object[] params);

  List<SimpleResult> simpleQuery(Deadline d, String sql);

  PreparedQuery prepare(Deadline d, String sql);
}
