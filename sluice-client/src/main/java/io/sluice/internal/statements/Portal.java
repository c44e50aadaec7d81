package io.sluice.internal.statements;

import io.sluice.SluiceException;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.events.Started;
import io.sluice.internal.events.StatementEvents;
import io.sluice.internal.requests.PortalRequest;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.rows.RowSink;

/**
 * A portal fetched in chunks ({@link StatementRunner#openPortal}): the statement's rows
 * {@code fetchSize} at a time, the portal suspended between chunks (PortalSuspended) until the
 * caller asks for more or closes it. Its statement's end event is delivered once, when it fails
 * or is closed.
 */
public final class Portal {
  private final RequestEngine engine;
  private final PortalRequest request;
  private final RowLayout layout;
  private boolean started;
  /** The request's failure has been thrown to the caller. */
  private boolean reported;
  /** The statement's start event, until its end is delivered; null without events. */
  private Started<io.sluice.event.StatementStart> statementStarted;

  Portal(RequestEngine engine, PortalRequest request, RowLayout layout,
      Started<io.sluice.event.StatementStart> started) {
    this.engine = engine;
    this.request = request;
    this.layout = layout;
    this.statementStarted = started;
  }

  /** Delivers the statement's end event, once: the portal failed or was closed. */
  private void ended(Throwable failure) {
    Started<io.sluice.event.StatementStart> s = statementStarted;
    if (s != null) {
      statementStarted = null;
      StatementEvents.ended(s, request, failure);
    }
  }

  public RowLayout layout() {
    return layout;
  }

  /** Reads the next chunk into {@code sink}; returns false when there are no more rows. */
  public boolean fetch(RowSink sink) {
    if (request.isFinished() || request.completed()) {
      return false;
    }
    request.deliverTo(sink);
    if (started) {
      if (!request.suspended()) {
        return false;
      }
      request.next(engine);
    }
    started = true;
    engine.awaitChunk(request);
    SluiceException e = request.error();
    if (e != null) {
      reported = true;   // thrown here, not again by close()
      request.finish(engine);
      ended(e);
      throw e;
    }
    return true;
  }

  public String commandTag() {
    return request.commandTag();
  }

  /**
   * Closes the portal and ends its implicit transaction; the connection is free again. A failure
   * not yet thrown by {@link #fetch} is thrown here, once.
   */
  public void close() {
    try {
      request.finish(engine);
    } catch (RuntimeException | Error e) {
      ended(e);
      throw e;
    }
    SluiceException e = request.failure();
    ended(e);
    if (e != null && !reported) {
      reported = true;
      throw e;
    }
  }
}
