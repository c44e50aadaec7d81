package io.sluice.opentelemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.sluice.event.AcquireEnd;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * A span for each time a caller waited for a pooled connection. An acquisition's start only keeps
 * the caller's context (the token); its end makes the span, backdated to when the wait began, when
 * the caller did wait. Acquisitions that found a connection free make no span. Every acquisition
 * ends (acquired, timed out, interrupted, failed), so every wait gets its span.
 */
final class PoolWaitSpans {
  static final String NAME = "pool wait";
  static final io.opentelemetry.api.common.AttributeKey<String> POOL_NAME =
      io.opentelemetry.api.common.AttributeKey.stringKey("db.client.connection.pool.name");

  private final Tracer tracer;

  PoolWaitSpans(Tracer tracer) {
    this.tracer = tracer;
  }

  /** The token of an acquisition: the caller's context, for the parent of its span if it waits. */
  Object started() {
    return Context.current();
  }

  void ended(Object token, AcquireEnd end) {
    if (!end.waited() || !(token instanceof Context parent)) {
      return;
    }
    Instant now = Instant.now();
    Span span = tracer.spanBuilder(NAME).setSpanKind(SpanKind.INTERNAL).setParent(parent)
        .setStartTimestamp(now.minusNanos(end.waitedNanos()))
        .setAttribute(DbAttributes.DB_SYSTEM_NAME, DbAttributes.POSTGRESQL)
        .setAttribute(POOL_NAME, end.start().pool())
        .startSpan();
    switch (end.ending()) {
      case ACQUIRED -> { }
      // error.type: the conventions' own value for a timeout (docs/registry/attributes/error.md)
      case TIMED_OUT -> failed(span, "timeout", end);
      case INTERRUPTED -> failed(span, "interrupted", end);
      case FAILED -> failed(span, DbAttributes.errorType(null, end.error()), end);
    }
    span.end(now.getEpochSecond() * 1_000_000_000L + now.getNano(), TimeUnit.NANOSECONDS);
  }

  private static void failed(Span span, String errorType, AcquireEnd end) {
    span.setAttribute(DbAttributes.ERROR_TYPE, errorType);
    span.setStatus(StatusCode.ERROR, end.error() == null ? "" : String.valueOf(end.error().getMessage()));
  }
}
