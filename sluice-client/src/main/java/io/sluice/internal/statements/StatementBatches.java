package io.sluice.internal.statements;

import io.sluice.internal.requests.StatementOutcome;
import io.sluice.internal.requests.QueryResult;
import io.sluice.internal.requests.ServerStatement;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.requests.BatchRequest;
import io.sluice.internal.requests.CloseStatementRequest;
import io.sluice.internal.requests.PrepareRequest;
import io.sluice.internal.requests.QueryRequest;
import io.sluice.internal.rows.RowSink;
import io.sluice.types.ParameterCodec;
import java.util.List;

/**
 * A connection's batches: several statements written at once, each with its own Sync (every
 * outcome its own) or under one Sync (all or nothing), the new ones prepared together first in one
 * round trip. The statement logic they share (codecs, the cache, describing) is
 * {@link StatementRunner}'s.
 */
final class StatementBatches {
  private final StatementRunner runner;

  StatementBatches(StatementRunner runner) {
    this.runner = runner;
  }

  List<StatementOutcome> runBatch(List<String> sqls, List<Object[]> params, List<RowSink> sinks,
      Deadline deadline) {
    int n = sqls.size();
    ParameterCodec[][] codecs = new ParameterCodec[n][];
    ServerStatement.Key[] keys = keysFor(sqls, params, codecs);
    ServerStatement[] sts = describeAll(keys, deadline);
    QueryRequest[] qs = new QueryRequest[n];
    List<StatementOutcome> out = new java.util.ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (sts[i].failure != null) {
        continue;
      }
      sinks.get(i).start(sts[i].layout());
      Object[] values = bound(sts[i], params.get(i), codecs, i);
      qs[i] = new QueryRequest(sts[i], values, codecs[i], runner.types, sinks.get(i), false);
    }
    runner.engine.submitAll(java.util.Arrays.stream(qs).filter(java.util.Objects::nonNull).toList(), deadline);
    for (int i = 0; i < n; i++) {
      QueryRequest q = qs[i];
      if (q == null) {
        out.add(new StatementOutcome.Failed(sts[i].failure));
        continue;
      }
      try {
        runner.engine.finish(q, deadline);
      } catch (SluiceException ignored) {
        // the statement's own outcome, read below
      }
      SluiceException e = q.error();
      if (e instanceof ServerException se && StatementRunner.retryable(se, q)) {
        try {
          out.add(new StatementOutcome.Ran(runner.queryUnobserved(sqls.get(i), params.get(i), sinks.get(i), false,
              deadline)));
        } catch (SluiceException again) {
          out.add(new StatementOutcome.Failed(again));
        }
        continue;
      }
      if (e == null) {
        runner.completed(q.commandTag(), sqls.get(i));
      }
      out.add(e != null ? new StatementOutcome.Failed(e)
          : new StatementOutcome.Ran(new QueryResult(sts[i].layout(), q.commandTag())));
    }
    return out;
  }

  /**
   * The values statement {@code i} of a batch binds: its type-dependent values resolved for the
   * runner.types the server inferred (then {@code codecs[i]} is replaced to suit them).
   */
  private Object[] bound(ServerStatement st, Object[] params, ParameterCodec[][] codecs, int i) {
    Object[] values = io.sluice.types.TypeDependent.resolve(params, st.parameterTypesShared());
    if (values != params) {
      codecs[i] = runner.serverTypedCodecs(st, values);
    }
    return values;
  }

  /** Each statement's codecs (into {@code codecs}) and runner.cache key. */
  private ServerStatement.Key[] keysFor(List<String> sqls, List<Object[]> params, ParameterCodec[][] codecs) {
    ServerStatement.Key[] keys = new ServerStatement.Key[sqls.size()];
    for (int i = 0; i < keys.length; i++) {
      codecs[i] = runner.codecsFor(params.get(i));
      keys[i] = StatementRunner.keyFor(sqls.get(i), codecs[i]);
    }
    return keys;
  }

  List<QueryResult> runAtomicBatch(List<String> sqls, List<Object[]> params, List<RowSink> sinks,
      Deadline deadline) {
    int n = sqls.size();
    ParameterCodec[][] codecs = new ParameterCodec[n][];
    ServerStatement.Key[] keys = keysFor(sqls, params, codecs);
    refuseMiscount(keys);
    for (int attempt = 0; ; attempt++) {
      ServerStatement[] sts = describeAll(keys, deadline);
      for (int i = 0; i < n; i++) {
        if (sts[i].failure != null) {
          throw sts[i].failure;
        }
        sinks.get(i).start(sts[i].layout());
      }
      Object[][] values = new Object[n][];
      for (int i = 0; i < n; i++) {
        values[i] = bound(sts[i], params.get(i), codecs, i);
      }
      BatchRequest b = new BatchRequest(sts, values, codecs, sinks.toArray(new RowSink[0]), runner.types);
      try {
        runner.engine.run(b, deadline);
      } catch (ServerException e) {
        boolean lost = false;
        if (StatementRunner.invalidates(e)) {
          for (ServerStatement st : sts) {
            runner.cache.invalidate(st);   // prepared again at their next use, whether or not they run again now
            lost |= runner.lostNamed(e, st);
          }
          // run again only where the failure rolled the batch back and left nothing aborted: in a
          // transaction (status 'E'), or after a failed BEGIN, it would only fail again (25P02), hiding this error
          if (attempt == 0 && !b.beginFailed() && b.lastStatus() != io.sluice.protocol.TransactionStatus.FAILED) {
            continue;
          }
        }
        throw new io.sluice.BatchException("statement " + (b.failedAt() + 1) + " of " + n
            + " failed; the batch was rolled back", b.failedAt(), lost ? StatementRunner.behindPooler(e) : e);
      }
      List<QueryResult> out = new java.util.ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        runner.completed(b.tag(i), sqls.get(i));
        out.add(new QueryResult(sts[i].layout(), b.tag(i)));
      }
      return out;
    }
  }

  /**
   * Refuses an atomic batch, before any of it is prepared, when one statement's values do not fit
   * its SQL. (Single statements and plain batches are refused by the runner.cache lookup, see {@link
   * StatementCache#lookup}.)
   */
  private void refuseMiscount(ServerStatement.Key[] keys) {
    for (int i = 0; i < keys.length; i++) {
      io.sluice.ValueException refused = runner.cache.refusal(keys[i]);
      if (refused != null) {
        throw new io.sluice.ValueException("statement " + (i + 1) + " of " + keys.length + " of the batch: "
            + refused.getMessage() + "; nothing was sent", refused);
      }
    }
  }

  /** Describes several statements, preparing the new ones together in one round trip. */
  private ServerStatement[] describeAll(ServerStatement.Key[] keys, Deadline deadline) {
    int n = keys.length;
    ServerStatement[] sts = new ServerStatement[n];
    java.util.List<PrepareRequest> mine = new java.util.ArrayList<>();
    java.util.List<ServerStatement> mineSt = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      StatementCache.Lookup l = runner.cache.lookup(keys[i]);
      if (!l.evicted().isEmpty()) {
        runner.engine.submit(new CloseStatementRequest(l.evicted()), deadline);
      }
      sts[i] = l.statement();
      if (l.isNew()) {
        PrepareRequest p = new PrepareRequest(sts[i], runner.types);
        mine.add(p);
        mineSt.add(sts[i]);
      }
    }
    runner.engine.submitAll(mine, deadline);
    for (int i = 0; i < mine.size(); i++) {
      try {
        runner.engine.finish(mine.get(i), deadline);
      } catch (SluiceException ignored) {
        // the prepare's own outcome, read below
      }
      SluiceException e = mine.get(i).error();
      if (e != null) {
        runner.cache.invalidate(mineSt.get(i));
        mineSt.get(i).markFailed(e);
      } else {
        try {
          TypeDiscovery.discover(runner, mineSt.get(i), deadline);
          mineSt.get(i).markDescribed();
        } catch (SluiceException d) {
          runner.cache.invalidate(mineSt.get(i));
          mineSt.get(i).markFailed(d);
        }
      }
    }
    for (ServerStatement st : sts) {
      st.awaitDescription(deadline);
    }
    return sts;
  }
}
