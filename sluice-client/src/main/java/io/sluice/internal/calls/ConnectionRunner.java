package io.sluice.internal.calls;

import io.sluice.internal.requests.QueryResult;
import io.sluice.BatchException;
import io.sluice.PreparedQuery;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SimpleResult;
import io.sluice.ValueException;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.rows.BufferedRowSet;
import io.sluice.internal.rows.RowStore;
import io.sluice.internal.statements.PortalRowStream;
import io.sluice.protocol.CommandTags;
import io.sluice.sql.MultiRowInsert;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A connection's calls: on its one session, the deadline given, or {@code query_timeout} from the
 * call's start ({@code timeoutNanos < 0}), or the timeout view's.
 */
record ConnectionRunner(ConnectionCore c, long timeoutNanos) implements Runner {
  /** Rows per fetch of {@link #forEachWhile} inside a transaction: a round trip per chunk. */
  static final int STOPPABLE_FETCH = 4096;

  @Override
  public Deadline deadline() {
    return timeoutNanos < 0 ? c.deadline() : Deadline.in(timeoutNanos);
  }

  @Override
  public Runner withTimeout(long nanos) {
    return new ConnectionRunner(c, nanos);
  }

  /** Rows an {@code executeMany} statement returns (a RETURNING clause) are not kept: it reports counts. */
  private static final RowSink DISCARD = (buf, off, len) -> {};

  @Override
  public RowSet query(Deadline deadline, String sql, Object[] params) {
    c.ensureOpen();
    RowStore store = new RowStore();
    QueryResult r = c.statements().query(sql, params, store, false, deadline);
    return new BufferedRowSet(r.layout(), store, r.commandTag());
  }

  @Override
  public long execute(Deadline deadline, String sql, Object[] params) {
    c.ensureOpen();
    QueryResult r = c.statements().query(sql, params, (b, o, l) -> {}, false, deadline);
    return CommandTags.rowCount(r.commandTag());
  }

  @Override
  public void forEach(Deadline deadline, String sql, Consumer<? super Row> each, Object[] params) {
    c.ensureOpen();
    Streamer s = new Streamer(each);
    c.statements().query(sql, params, s, true, deadline);
    s.rethrow();
  }

  @Override
  public void forEachWhile(Deadline deadline, String sql, Predicate<? super Row> each, Object[] params) {
    c.ensureOpen();
    if (c.statements().engine().heldByCurrentThread()) {
      // the connection is this thread's anyway: a portal's pauses between chunks cost no one
      try (RowStream rows = stream(deadline, sql, STOPPABLE_FETCH, params)) {
        for (Row r : rows) {
          if (!each.test(r)) {
            return;
          }
        }
      }
      return;
    }
    Streamer s = new Streamer(each);
    c.statements().query(sql, params, s, true, deadline);
    s.rethrow();
  }

  @Override
  public PreparedQuery prepare(Deadline deadline, String sql) {
    c.ensureOpen();
    return new PreparedHandle(c, c.statements().prepare(sql, deadline), null);
  }

  @Override
  public long[] executeMany(Deadline deadline, String sql, List<Object[]> groups) {
    c.ensureOpen();
    if (groups.isEmpty()) {
      return new long[0];
    }
    for (int i = 0; i < groups.size(); i++) {
      if (groups.get(i) == null) {
        throw new ValueException("parameter group " + i + " is null; a group without parameters is an empty array");
      }
    }
    boolean standard = !"off".equalsIgnoreCase(c.statements().server().parameters().get("standard_conforming_strings"));
    MultiRowInsert insert = groups.size() > 1 ? MultiRowInsert.of(sql, standard).orElse(null) : null;
    List<String> sqls = new ArrayList<>();
    List<Object[]> params = new ArrayList<>();
    int[] chunks = insert == null ? null : insert.chunks(groups.size());
    if (insert == null) {
      for (Object[] g : groups) {
        sqls.add(sql);
        params.add(g.clone());
      }
    } else {
      int from = 0;
      for (int rows : chunks) {
        sqls.add(rows == 1 ? sql : insert.sql(rows));
        params.add(insert.parameters(groups, from, rows));
        from += rows;
      }
    }
    List<RowSink> sinks = Collections.nCopies(sqls.size(), DISCARD);
    List<QueryResult> sets;
    try {
      // reported as the caller gave it: one SQL per group, not the multi-row chunks that went out
      sets = c.statements().atomicBatch(sqls, params, sinks, deadline, Collections.nCopies(groups.size(), sql));
    } catch (BatchException e) {
      if (chunks == null) {
        throw e;
      }
      int first = 0;
      for (int i = 0; i < e.index(); i++) {
        first += chunks[i];
      }
      throw new BatchException("group " + first + " (in a multi-row insert of " + chunks[e.index()] + " groups) failed",
          first, e.getCause());
    }
    long[] counts = new long[groups.size()];
    for (int i = 0, g = 0; i < sets.size(); i++) {
      int rows = chunks == null ? 1 : chunks[i];
      long n = CommandTags.rowCount(sets.get(i).commandTag());
      Arrays.fill(counts, g, g + rows, rows == 1 ? n : n == rows ? 1 : -1);
      g += rows;
    }
    return counts;
  }

  @Override
  public PortalRowStream stream(Deadline deadline, String sql, int fetchSize, Object[] params) {
    c.ensureOpen();
    return new PortalRowStream(c.statements().openPortal(sql, params, fetchSize, deadline));
  }


  @Override
  public List<SimpleResult> simpleQuery(Deadline deadline, String sql) {
    c.ensureOpen();
    return c.statements().simpleQuery(sql, deadline);
  }
}
