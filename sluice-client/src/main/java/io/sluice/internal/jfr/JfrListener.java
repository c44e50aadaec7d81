package io.sluice.internal.jfr;

import io.sluice.event.EventListener;
import io.sluice.event.AcquireEnd;
import io.sluice.event.AcquireStart;
import io.sluice.event.BatchEnd;
import io.sluice.event.BatchStart;
import io.sluice.event.ConnectEnd;
import io.sluice.event.ConnectStart;
import io.sluice.event.ConnectionInfo;
import io.sluice.event.CopyEnd;
import io.sluice.event.CopyStart;
import io.sluice.event.PoolEvent;
import io.sluice.event.QuerySummary;
import io.sluice.event.StatementEnd;
import io.sluice.event.StatementStart;
import java.util.List;
import java.util.function.Supplier;

/**
 * Sluice's events as Java Flight Recorder events ({@code io.sluice.Statement}, {@code .Batch},
 * {@code .Copy}, {@code .Connect}, {@code .PoolWait}, {@code .PoolConnection}; {@code .Cancel} is
 * sent by the canceller itself). Always part of a connection's audience, but heard only while
 * {@link JfrGate#on()}: then each start makes its JFR event, begun, as its token (null when that
 * type is off), and each end fills and commits it when it passes the type's threshold. Fields are
 * filled at commit, so that events under the threshold cost no query summary.
 */
public final class JfrListener implements EventListener {
  public static final EventListener INSTANCE = new JfrListener();

  /** Summaries of the statements seen (an application runs few distinct ones), as the tracing adapter keeps them. */
  private final java.util.function.Function<String, String> summaries = QuerySummary.memo(1024);

  private JfrListener() {}

  /** {@code make}'s event begun, or null when its type is off. */
  private static <E extends jdk.jfr.Event> E begun(Supplier<E> make) {
    E e = make.get();
    if (!e.isEnabled()) {
      return null;
    }
    e.begin();
    return e;
  }

  /** Ends {@code e}; whether it is to be committed (past its threshold). */
  private static boolean ended(jdk.jfr.Event e) {
    e.end();
    return e.shouldCommit();
  }

  @Override
  public Object statementStart(StatementStart start) {
    return begun(StatementEvent::new);
  }

  @Override
  public void statementEnd(Object token, StatementEnd end) {
    if (token instanceof StatementEvent e && ended(e)) {
      StatementStart s = end.start();
      e.on(s.connection());
      e.summary = summaries.apply(s.sql());
      e.parameters = s.parameterCount();
      e.preparation = s.preparation().name();
      e.rows = end.rows();
      e.pipelineDepth = end.pipelineDepth();
      e.outcome(end.result(), end.sqlState());
      e.commit();
    }
  }

  @Override
  public Object batchStart(BatchStart start) {
    return begun(BatchEvent::new);
  }

  @Override
  public void batchEnd(Object token, BatchEnd end) {
    if (token instanceof BatchEvent e && ended(e)) {
      BatchStart s = end.start();
      e.on(s.connection());
      e.summary = sharedSummary(s.sqls());
      e.statements = s.sqls().size();
      e.atomic = s.atomic();
      e.rows = end.rows();
      e.failed = end.failed();
      e.outcome(end.result(), end.sqlState());
      e.commit();
    }
  }

  /** The summary every statement shares, else empty. */
  private String sharedSummary(List<String> sqls) {
    List<String> shared = sqls.stream().distinct().map(summaries).distinct().toList();
    return shared.size() == 1 ? shared.get(0) : "";
  }

  @Override
  public Object copyStart(CopyStart start) {
    return begun(CopyEvent::new);
  }

  @Override
  public void copyEnd(Object token, CopyEnd end) {
    if (token instanceof CopyEvent e && ended(e)) {
      e.on(end.start().connection());
      e.summary = summaries.apply(end.start().sql());
      e.direction = end.start().direction().name();
      e.rows = end.rows();
      e.bytes = end.bytes();
      e.outcome(end.result(), end.sqlState());
      e.commit();
    }
  }

  @Override
  public Object connectStart(ConnectStart start) {
    return begun(ConnectEvent::new);
  }

  @Override
  public void connectEnd(Object token, ConnectEnd end) {
    if (token instanceof ConnectEvent e && ended(e)) {
      ConnectStart s = end.start();
      e.on(new ConnectionInfo(s.host(), s.database(), s.user(), end.processId()));
      e.user = s.user();
      e.tlsRequested = s.tls();
      e.tlsProtocol = end.tlsProtocol();
      e.authentication = end.authMethod() == null ? null : end.authMethod().name();
      e.outcome(end.result(), end.sqlState());
      e.commit();
    }
  }

  @Override
  public Object acquireStart(AcquireStart start) {
    return begun(PoolWaitEvent::new);
  }

  /** Committed only when the caller waited: an acquisition that found a connection free is no wait. */
  @Override
  public void acquireEnd(Object token, AcquireEnd end) {
    if (token instanceof PoolWaitEvent e && end.waited() && ended(e)) {
      e.on(end.connection());
      e.pool = end.start().pool();
      e.borrow = end.start().borrow();
      e.ending = end.ending().name();
      e.waited = end.waitedNanos();
      e.commit();
    }
  }

  /** What a pool did with a connection; not a caller's release (its statement's event says as much). */
  @Override
  public void pool(PoolEvent event) {
    if (event.kind() == PoolEvent.Kind.RELEASED) {
      return;
    }
    PoolConnectionEvent e = new PoolConnectionEvent();
    if (e.shouldCommit()) {
      e.on(event.connection());
      e.pool = event.pool();
      e.kind = event.kind().name();
      e.reason = event.reason().name();
      e.commit();
    }
  }
}
