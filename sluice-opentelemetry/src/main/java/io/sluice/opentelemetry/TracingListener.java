package io.sluice.opentelemetry;

import static io.sluice.opentelemetry.DbAttributes.*;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.sluice.event.EventListener;
import io.sluice.event.BatchEnd;
import io.sluice.event.BatchStart;
import io.sluice.event.ConnectEnd;
import io.sluice.event.ConnectStart;
import io.sluice.event.ConnectionInfo;
import io.sluice.event.CopyEnd;
import io.sluice.event.CopyStart;
import io.sluice.event.AcquireEnd;
import io.sluice.event.AcquireStart;
import io.sluice.event.QuerySummary;
import io.sluice.event.Result;
import io.sluice.event.StatementEnd;
import io.sluice.event.StatementStart;
import java.util.Locale;
import java.util.function.Function;

/**
 * A {@link EventListener} making OpenTelemetry spans: one per statement, batch and COPY (kind
 * CLIENT, after OpenTelemetry's database semantic conventions, docs/db/database-spans.md and
 * docs/db/postgresql.md), one per connection attempt ({@value #CONNECT}, CLIENT) and one per wait
 * for a pooled connection ({@value PoolWaitSpans#NAME}, INTERNAL). Each span's parent is the
 * current {@link Context} of the thread that called Sluice, read when the work starts: a statement
 * pipelined from a virtual thread is the child of that thread's span, whichever thread reads its
 * reply. Spans are never made current, so nothing else nests under them.
 *
 * <pre>{@code
 * ConnectionConfig config = ConnectionConfig.parse(url).withListener(TracingListener.create(openTelemetry));
 * }</pre>
 */
public final class TracingListener implements EventListener {
  /** The name of connection attempts' spans (the conventions name none). */
  public static final String CONNECT = "connect";
  /** The instrumentation scope of every span. */
  public static final String SCOPE = "io.sluice.opentelemetry";
  /** How many distinct statements' summaries are remembered. */
  private static final int SUMMARIES = 1024;

  private final Tracer tracer;
  private final TracingOptions options;
  private final PoolWaitSpans poolWaits;
  /** Summaries of the statements seen, as an application runs few distinct ones. */
  private final Function<String, String> summaries = QuerySummary.memo(SUMMARIES);

  private TracingListener(Tracer tracer, TracingOptions options) {
    this.tracer = tracer;
    this.options = options;
    this.poolWaits = new PoolWaitSpans(tracer);
  }

  /** Spans to {@code openTelemetry}'s tracer provider, with {@link TracingOptions#DEFAULT}. */
  public static TracingListener create(OpenTelemetry openTelemetry) {
    return create(openTelemetry, TracingOptions.DEFAULT);
  }

  /** Spans to {@code openTelemetry}'s tracer provider, holding what {@code options} say. */
  public static TracingListener create(OpenTelemetry openTelemetry, TracingOptions options) {
    if (openTelemetry == null || options == null) {
      throw new IllegalArgumentException("TracingListener.create: " + (openTelemetry == null
          ? "openTelemetry is null (use OpenTelemetry.noop() for none)" : "options is null (use TracingOptions.DEFAULT)"));
    }
    return new TracingListener(openTelemetry.getTracer(SCOPE), options);
  }

  @Override
  public Object statementStart(StatementStart start) {
    String summary = summaries.apply(start.sql());
    return operation(options.naming().name(summary), start.connection(), summary, start.sql())
        .setAttribute(SLUICE_PREPARATION, start.preparation().name().toLowerCase(Locale.ROOT))
        .startSpan();
  }

  @Override
  public void statementEnd(Object token, StatementEnd end) {
    if (token instanceof Span span) {
      span.setAttribute(SLUICE_PIPELINE_DEPTH, (long) end.pipelineDepth());
      finish(span, end.rows(), end.result(), end.sqlState(), end.error());
    }
  }

  @Override
  public Object batchStart(BatchStart start) {
    BatchShape shape = BatchShape.of(start.sqls(), summaries);
    SpanBuilder span = operation(options.naming().name(shape.summary()), start.connection(), shape.summary(),
        shape.text());
    if (shape.size() >= 0) {
      span.setAttribute(DB_OPERATION_BATCH_SIZE, (long) shape.size());
    }
    return span.startSpan();
  }

  @Override
  public void batchEnd(Object token, BatchEnd end) {
    if (token instanceof Span span) {
      finish(span, end.rows(), end.result(), end.sqlState(), end.error());
    }
  }

  /** COPY has an API of its own in Sluice, so its operation name is known without reading the SQL. */
  @Override
  public Object copyStart(CopyStart start) {
    String summary = summaries.apply(start.sql());
    return operation(options.naming().name(summary), start.connection(), summary, start.sql())
        .setAttribute(DB_OPERATION_NAME, "COPY")
        .startSpan();
  }

  @Override
  public void copyEnd(Object token, CopyEnd end) {
    if (token instanceof Span span) {
      span.setAttribute(SLUICE_COPY_BYTES, end.bytes());
      finish(span, end.rows(), end.result(), end.sqlState(), end.error());
    }
  }

  @Override
  public Object connectStart(ConnectStart start) {
    ConnectionInfo target = new ConnectionInfo(start.host(), start.database(), start.user(), 0);
    return onConnection(tracer.spanBuilder(CONNECT).setSpanKind(SpanKind.CLIENT).setParent(Context.current()), target)
        .startSpan();
  }

  @Override
  public void connectEnd(Object token, ConnectEnd end) {
    if (token instanceof Span span) {
      if (end.start().tls() && end.tlsProtocol() == null && end.result() == Result.SUCCEEDED) {
        span.setAttribute(SLUICE_TLS_FALLBACK, true);   // sslmode=prefer, and the server has no TLS
      }
      ending(span, end.result(), end.sqlState(), end.error());
      span.end();
    }
  }

  @Override
  public Object acquireStart(AcquireStart start) {
    return poolWaits.started();
  }

  @Override
  public void acquireEnd(Object token, AcquireEnd end) {
    poolWaits.ended(token, end);
  }

  /** A CLIENT span under the caller's current context, with the attributes samplers may read. */
  private SpanBuilder operation(String name, ConnectionInfo connection, String summary, String text) {
    SpanBuilder span = onConnection(tracer.spanBuilder(name).setSpanKind(SpanKind.CLIENT)
        .setParent(Context.current()), connection);
    if (!summary.isEmpty()) {
      span.setAttribute(DB_QUERY_SUMMARY, summary);
    }
    if (options.queryText()) {
      span.setAttribute(DB_QUERY_TEXT, text);
    }
    return span;
  }

  /** Ends an operation's span: its rows when asked for, and how it ended. */
  private void finish(Span span, long rows, Result result, String sqlState, Throwable error) {
    if (options.returnedRows()) {
      span.setAttribute(DB_RESPONSE_RETURNED_ROWS, rows);
    }
    ending(span, result, sqlState, error);
    span.end();
  }
}
