package io.sluice;

import io.sluice.internal.requests.StatementOutcome;
import io.sluice.internal.requests.QueryResult;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.rows.BufferedRowSet;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.rows.RowStore;
import io.sluice.internal.statements.StatementRunner;
import io.sluice.sql.MultiRowInsert;
import java.util.ArrayList;
import java.util.List;

/**
 * Statements sent together, in one round trip once prepared. Made by {@link Connection#batch()}.
 *
 * <ul>
 *   <li>{@link #run()}: each statement on its own (its own Sync): an error in one leaves the
 *       others alone, and each {@link Item} says how its statement went.
 *   <li>{@link #runAtomic()}: one implicit transaction (one Sync): every statement applies, or
 *       none does ({@link BatchException}).
 * </ul>
 *
 * Not thread-safe; a batch is built and run by one thread.
 */
public final class Batch {
  private final StatementRunner statements;
  private final Deadline deadline;
  private final List<String> sqls = new ArrayList<>();
  private final List<Object[]> params = new ArrayList<>();

  Batch(StatementRunner statements, Deadline deadline) {
    this.statements = statements;
    this.deadline = deadline;
  }

  public Batch add(String sql, Object... parameters) {
    sqls.add(sql);
    params.add(parameters.clone());
    return this;
  }

  public int size() {
    return sqls.size();
  }

  /** The outcome of one statement of {@link #run()}: its rows, or its error. */
  public record Item(RowSet rows, SluiceException error) {
    /** The rows, or the error thrown. */
    public RowSet rowsOrThrow() {
      if (error != null) {
        throw error;
      }
      return rows;
    }

    public boolean ok() {
      return error == null;
    }
  }

  /** Runs every statement independently; returns one item per statement, in order. */
  public List<Item> run() {
    List<RowStore> stores = stores();
    List<RowSink> sinks = new ArrayList<>(stores);
    List<StatementOutcome> outcomes = statements.batch(sqls, params, sinks, deadline);
    List<Item> items = new ArrayList<>(outcomes.size());
    for (int i = 0; i < outcomes.size(); i++) {
      items.add(switch (outcomes.get(i)) {
        case StatementOutcome.Ran(QueryResult r) ->
            new Item(new BufferedRowSet(r.layout(), stores.get(i), r.commandTag()), null);
        case StatementOutcome.Failed(SluiceException e) -> new Item(null, e);
      });
    }
    return items;
  }

  /** Runs every statement in one implicit transaction; returns each statement's rows, in order. */
  public List<RowSet> runAtomic() {
    return runAtomic(sqls);
  }

  /**
   * As {@link #runAtomic()}, reported to the listener (and JFR) as the statements {@code
   * reported}: what the application gave ({@code executeMany}'s one SQL per group, a JDBC batch's
   * entries), when the statements of this batch are a rewriting of them ({@link MultiRowInsert}).
   */
  public List<RowSet> runAtomic(List<String> reported) {
    List<RowStore> stores = stores();
    List<RowSink> sinks = new ArrayList<>(stores);
    List<QueryResult> results = statements.atomicBatch(sqls, params, sinks, deadline, reported);
    List<RowSet> out = new ArrayList<>(results.size());
    for (int i = 0; i < results.size(); i++) {
      out.add(new BufferedRowSet(results.get(i).layout(), stores.get(i), results.get(i).commandTag()));
    }
    return out;
  }

  /** One store per statement, for its rows. */
  private List<RowStore> stores() {
    List<RowStore> stores = new ArrayList<>(sqls.size());
    for (int i = 0; i < sqls.size(); i++) {
      stores.add(new RowStore());
    }
    return stores;
  }
}
