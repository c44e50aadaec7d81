package io.sluice.internal.events;

import io.sluice.event.EventListener;
import io.sluice.event.BatchEnd;
import io.sluice.event.BatchStart;
import io.sluice.event.Preparation;
import io.sluice.event.Result;
import io.sluice.event.StatementEnd;
import io.sluice.event.StatementStart;
import io.sluice.internal.engine.Request;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.requests.QueryResult;
import io.sluice.internal.requests.StatementOutcome;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Statement and batch events of one connection, for {@code statements.StatementRunner} when a listener is
 * set: each call is observed from its start, on the caller's thread, to its end, whatever the
 * call throws. A statement retried inside the call (a plan that changed) is one statement; its
 * end reports the request that ran last.
 */
public final class StatementEvents {
  private final Events events;

  public StatementEvents(Events events) {
    this.events = events;
  }

  public Events events() {
    return events;
  }

  /** What a statement wrote, for its end event: its last request, once made. */
  public static final class Sent implements java.util.function.Consumer<Request> {
    Request request;

    @Override
    public void accept(Request r) {
      request = r;
    }
  }

  /**
   * Runs {@code body} between a statement's start and end events. The end reports the failure
   * {@code body} throws, else the one {@code sink} kept from the caller's row callback.
   */
  public <T> T statement(String sql, int parameters, Preparation preparation, RowSink sink, Function<Sent, T> body) {
    Started<StatementStart> started = begin(sql, parameters, preparation);
    Sent sent = new Sent();
    Throwable failure = null;
    try {
      return body.apply(sent);
    } catch (RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      ended(started, sent.request, failure != null || sink == null ? failure : sink.failure());
    }
  }

  /** Delivers a statement's start event; for work whose end comes later ({@link #ended}). */
  public Started<StatementStart> begin(String sql, int parameters, Preparation preparation) {
    return Started.begin(events, new StatementStart(events.connection(), sql, parameters, preparation),
        EventListener::statementStart);
  }

  /** Delivers a statement's end event: {@code request} is what was written last (null: nothing). */
  public static void ended(Started<StatementStart> started, Request request, Throwable failure) {
    long rows = request == null ? 0 : request.rowCount();
    int depth = request == null ? 0 : request.depthAtSend();
    started.end(new StatementEnd(started.start(), rows, started.elapsedNanos(), depth, Result.of(failure),
        Result.sqlState(failure), failure), EventListener::statementEnd);
  }

  /** Runs a batch of independent statements between its start and end events. */
  public List<StatementOutcome> batch(List<String> sqls, Supplier<List<StatementOutcome>> body) {
    return observedBatch(sqls, false, body, StatementEvents::tallyOutcomes);
  }

  /** Runs an atomic batch (one implicit transaction) between its start and end events. */
  public List<QueryResult> atomicBatch(List<String> sqls, Supplier<List<QueryResult>> body) {
    return observedBatch(sqls, true, body, StatementEvents::tallyResults);
  }

  /** What a batch's end event counts: rows, statements that failed, and the first failure. */
  private record Tally(long rows, int failed, Throwable first) {}

  private <T> T observedBatch(List<String> sqls, boolean atomic, Supplier<T> body, Function<T, Tally> tally) {
    Started<BatchStart> started = Started.begin(events, new BatchStart(events.connection(), sqls, atomic),
        EventListener::batchStart);
    T result;
    try {
      result = body.get();
    } catch (RuntimeException | Error e) {
      // an atomic batch fails as one statement; a plain one that throws ran none of its own
      batchEnded(started, new Tally(0, atomic ? 1 : sqls.size(), e));
      throw e;
    }
    batchEnded(started, tally.apply(result));
    return result;
  }

  private static Tally tallyOutcomes(List<StatementOutcome> outcomes) {
    long rows = 0;
    int failed = 0;
    Throwable first = null;
    for (StatementOutcome o : outcomes) {
      switch (o) {
        case StatementOutcome.Ran(QueryResult r) -> rows += Request.rowCount(r.commandTag(), 0);
        case StatementOutcome.Failed(io.sluice.SluiceException e) -> {
          failed++;
          first = first == null ? e : first;
        }
      }
    }
    return new Tally(rows, failed, first);
  }

  private static Tally tallyResults(List<QueryResult> results) {
    long rows = 0;
    for (QueryResult r : results) {
      rows += Request.rowCount(r.commandTag(), 0);
    }
    return new Tally(rows, 0, null);
  }

  private static void batchEnded(Started<BatchStart> started, Tally t) {
    started.end(new BatchEnd(started.start(), t.rows(), t.failed(), started.elapsedNanos(), Result.of(t.first()),
        Result.sqlState(t.first()), t.first()), EventListener::batchEnd);
  }
}
