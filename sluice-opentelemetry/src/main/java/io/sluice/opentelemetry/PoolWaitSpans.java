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
 *
 * <p>An acquisition that fails otherwise than by timing out (the caller interrupted) reports no
 * end: its span is ended, in error, by the thread's next pool event, never stretched to cover a
 * later acquisition (told apart by the later one's own wait, {@link PoolEvent#nanos()}).
 */
final class PoolWaitSpans {
  static final String NAME = "pool wait";

  private final Tracer tracer;
  /** How much earlier than its acquisition's start a wait may seem to start, for the clock reads between. */
  private static final long CLOCK_SLACK_NANOS = 1_000_000;

  /** This thread's open wait: its span, and when it began on {@link System#nanoTime()}'s clock. */
  private record Wait(Span span, long began) {}

  private final ThreadLocal<Wait> waiting = new ThreadLocal<>();

  PoolWaitSpans(Tracer tracer) {
    this.tracer = tracer;
  }

  void on(PoolEvent event) {
    switch (event.kind()) {
      case WAITING -> began();
      case ACQUIRED, TIMED_OUT -> ended(event);
      case EVICTED, OPENED, OPEN_FAILED, RETIRED -> { }
    }
  }

  private void began() {
    abandoned();
    long now = System.nanoTime();
    waiting.set(new Wait(tracer.spanBuilder(NAME).setSpanKind(SpanKind.INTERNAL).setParent(Context.current())
        .setAttribute(DbAttributes.DB_SYSTEM_NAME, DbAttributes.POSTGRESQL).startSpan(), now));
  }

  /** Ends a wait left open by an acquisition that reported no end, in error. */
  private void abandoned() {
    Wait w = waiting.get();
    if (w != null) {
      waiting.remove();
      w.span().setAttribute(DbAttributes.ERROR_TYPE, "_OTHER");
      w.span().setStatus(StatusCode.ERROR, "the acquisition ended without a connection or a timeout");
      w.span().end();
    }
  }

  /** Ends this thread's wait for the acquisition {@code end} reports (ACQUIRED or TIMED_OUT). */
  private void ended(PoolEvent end) {
    Wait w = waiting.get();
    if (w == null) {
      return;
    }
    if (w.began() < System.nanoTime() - end.nanos() - CLOCK_SLACK_NANOS) {
      abandoned();   // began before this acquisition did: an earlier one's
      return;
    }
    waiting.remove();
    Span span = w.span();
    if (end.kind() == PoolEvent.Kind.TIMED_OUT) {
      // error.type: the conventions' own value for a timeout (docs/registry/attributes/error.md)
      span.setAttribute(DbAttributes.ERROR_TYPE, "timeout");
      span.setStatus(StatusCode.ERROR, end.cause() == null ? "" : String.valueOf(end.cause().getMessage()));
    }
    span.end();
  }
}
