package io.sluice.internal.events;

import io.sluice.event.EventListener;
import io.sluice.event.CopyEnd;
import io.sluice.event.CopyStart;
import io.sluice.event.Result;
import io.sluice.internal.engine.Request;

/** COPY events: the start on the caller's thread before the COPY statement is sent, the end once its outcome is known. */
public final class CopyEvents {
  private CopyEvents() {}

  /** Delivers the start event; null without events (and then nothing is made). */
  public static Started<CopyStart> begin(Events events, String sql, CopyStart.Direction direction) {
    return !Events.on(events) ? null
        : Started.begin(events, new CopyStart(events.connection(), sql, direction), EventListener::copyStart);
  }

  /** Delivers the end event of {@code started} (null: no events), once the request is done. */
  public static void ended(Started<CopyStart> started, Request request, long bytes, Throwable failure) {
    if (started != null) {
      started.end(new CopyEnd(started.start(), request.rowCount(), bytes,
          started.elapsedNanos(), Result.of(failure), Result.sqlState(failure), failure), EventListener::copyEnd);
    }
  }
}
