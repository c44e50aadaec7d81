package io.sluice.internal;

import io.sluice.SluiceListener;
import io.sluice.event.BatchEnd;
import io.sluice.event.BatchStart;
import io.sluice.event.Preparation;
import io.sluice.event.Result;
import io.sluice.event.StatementEnd;
import io.sluice.event.StatementStart;
import io.sluice.internal.StatementRunner.QueryResult;
import io.sluice.internal.StatementRunner.StatementOutcome;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Statement and batch events of one connection, for {@link StatementRunner} when a listener is
 * set: each call is observed from its start, on the caller's thread, to its end, whatever the
 * call throws. A statement retried inside the call (a plan that changed) is one statement; its
 * end reports the request that ran last.
 */
final class StatementEvents {
  private final Events events;

  StatementEvents(Events events) {
    this.events = events;
  }

  Events events() {
    return events;
  }

  /** What a statement wrote, for its end event: its last request, once written. */
  static final class Sent {
    Request request;
  }

  /**
   * Runs {@code body} between a statement's start and end events. The end reports the failure
   * {@code body} throws, else the one {@code sink} kept from the caller's row callback.
   */
  <T> T statement(String sql, int parameters, Preparation preparation, RowSink sink, Function<Sent, T> body) {
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
  Started<StatementStart> begin(String sql, int parameters, Preparation preparation) {
    return Started.begin(events, new StatementStart(events.connection(), sql, parameters, preparation),
        SluiceListener::statementStart);
  }

  /** Delivers a statement's end event: {@code request} is what was written last (null: nothing). */
  static void ended(Started<StatementStart> started, Request request, Throwable failure) {
    long rows = request == null ? 0 : request.rowCount();
    int depth = request == null ? 0 : request.depthAtSend;
    started.end(new StatementEnd(started.start(), rows, started.elapsedNanos(), depth, Result.of(failure),
        Result.sqlState(failure), failure), SluiceListener::statementEnd);
  }

  /** Runs a batch of independent statements between its start and end events. */
  List<StatementOutcome> batch(List<String> sqls, Supplier<List<StatementOutcome>> body) {
    Started<BatchStart> started = Started.begin(events, new BatchStart(events.connection(), sqls, false),
        SluiceListener::batchStart);
    List<StatementOutcome> outcomes;
    try {
      outcomes = body.get();
    } catch (RuntimeException | Error e) {
      batchEnded(started, 0, sqls.size(), e);
      throw e;
    }
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
    batchEnded(started, rows, failed, first);
    return outcomes;
  }

  /** Runs an atomic batch (one implicit transaction) between its start and end events. */
  List<QueryResult> atomicBatch(List<String> sqls, Supplier<List<QueryResult>> body) {
    Started<BatchStart> started = Started.begin(events, new BatchStart(events.connection(), sqls, true),
        SluiceListener::batchStart);
    List<QueryResult> results;
    try {
      results = body.get();
    } catch (RuntimeException | Error e) {
      batchEnded(started, 0, 1, e);
      throw e;
    }
    long rows = 0;
    for (QueryResult r : results) {
      rows += Request.rowCount(r.commandTag(), 0);
    }
    batchEnded(started, rows, 0, null);
    return results;
  }

  private static void batchEnded(Started<BatchStart> started, long rows, int failed, Throwable failure) {
    started.end(new BatchEnd(started.start(), rows, failed, started.elapsedNanos(), Result.of(failure),
        Result.sqlState(failure), failure), SluiceListener::batchEnd);
  }
}
