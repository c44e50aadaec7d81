package io.sluice.opentelemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.sluice.event.PoolEvent;

/**
 * A span for each time a caller waited for a pooled connection: it opens at {@link
 * PoolEvent.Kind#WAITING} and closes at {@link PoolEvent.Kind#ACQUIRED} or {@link
 * PoolEvent.Kind#TIMED_OUT}, which all run on the waiting caller's thread (so the span is a child
 * of that thread's current span, and a thread-local carries it from one event to the next).
 * Acquisitions that found a connection free make no span.
 */
final class PoolWaitSpans {
  static final String NAME = "pool wait";

  private final Tracer tracer;
  private final ThreadLocal<Span> waiting = new ThreadLocal<>();

  PoolWaitSpans(Tracer tracer) {
    this.tracer = tracer;
  }

  void on(PoolEvent event) {
    switch (event.kind()) {
      case WAITING -> began();
      case ACQUIRED -> ended(null);
      case TIMED_OUT -> ended(event);
      case EVICTED, OPENED, OPEN_FAILED, RETIRED -> { }
    }
  }

  private void began() {
    ended(null);   // a wait that never reported its end (its pool closed): do not leave it open
    waiting.set(tracer.spanBuilder(NAME).setSpanKind(SpanKind.INTERNAL).setParent(Context.current())
        .setAttribute(DbAttributes.DB_SYSTEM_NAME, DbAttributes.POSTGRESQL).startSpan());
  }

  /** Ends this thread's wait, if any; {@code timedOut} is the TIMED_OUT event, or null. */
  private void ended(PoolEvent timedOut) {
    Span span = waiting.get();
    if (span == null) {
      return;
    }
    waiting.remove();
    if (timedOut != null) {
      // error.type: the conventions' own value for a timeout (docs/registry/attributes/error.md)
      span.setAttribute(DbAttributes.ERROR_TYPE, "timeout");
      span.setStatus(StatusCode.ERROR, timedOut.cause() == null ? "" : String.valueOf(timedOut.cause().getMessage()));
    }
    span.end();
  }
}
