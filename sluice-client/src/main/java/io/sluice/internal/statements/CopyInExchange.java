package io.sluice.internal.statements;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.events.CopyEvents;
import io.sluice.internal.events.Started;
import io.sluice.internal.requests.CopyInRequest;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.FrontendTag;
import io.sluice.event.CopyStart;
import io.sluice.protocol.WireWriter;

/**
 * One {@code COPY … FROM STDIN} in progress. The caller's thread frames its data as CopyData and
 * writes it in blocks of about 64 KiB; a virtual thread reads whatever the server says meanwhile
 * (notices, or an error that ends the COPY early), so the two directions never block each other.
 * Not thread-safe: one writer.
 */
public final class CopyInExchange {
  private static final int BLOCK = 64 * 1024;
  private static final int MAX_PAYLOAD = 1 << 20;

  private final RequestEngine engine;
  private final CopyInRequest r;
  private final WireWriter out = new WireWriter(BLOCK + 1024);
  private boolean ended;
  /** The COPY's start event until its end is delivered; null without events. */
  private Started<CopyStart> started;
  /** COPY data bytes handed to {@link #write} or framed in place, for the end event. */
  private long bytes;

  private CopyInExchange(RequestEngine engine, CopyInRequest r, Started<CopyStart> started) {
    this.engine = engine;
    this.r = r;
    this.started = started;
  }

  /** Sends the COPY statement and waits for the server to ask for data. */
  public static CopyInExchange start(StatementRunner statements, String sql, Deadline deadline) {
    RequestEngine engine = statements.engine;
    CopyInRequest r = new CopyInRequest(sql, engine);
    CopyInExchange x = new CopyInExchange(engine, r, CopyEvents.begin(statements.events(), sql, CopyStart.Direction.IN));
    try {
      engine.submit(r, deadline);
    } catch (RuntimeException | Error e) {
      x.ended(e);
      throw e;
    }
    Thread.startVirtualThread(() -> engine.readFor(r));
    r.watchUntil(() -> r.started() || r.isFinished(), Deadline.NONE);   // CopyInResponse or the end wakes us
    if (!r.started()) {
      x.ended = true;
      try {
        x.awaitDone();
        SluiceException e = r.error();
        if (e != null) {
          throw e;
        }
        throw new io.sluice.ValueException("not a COPY … FROM STDIN statement: " + sql
            + (r.wrongDirection() ? " (COPY TO STDOUT goes through copyOut)" : ""));
      } catch (RuntimeException e) {
        x.ended(e);
        throw e;
      }
    }
    return x;
  }

  /** Delivers the end event, once. */
  private void ended(Throwable failure) {
    Started<CopyStart> s = started;
    started = null;
    CopyEvents.ended(s, r, bytes, failure);
  }

  /** Whether the server has ended the COPY already (an error): further data is pointless. */
  public boolean serverEnded() {
    return r.isFinished();
  }

  /** Appends data; the server sees it in COPY's format, split into messages as needed. */
  public void write(byte[] b, int off, int len) {
    while (len > 0 && !r.isFinished()) {
      int n = Math.min(len, MAX_PAYLOAD);
      int at = out.begin(FrontendTag.COPY_DATA);
      out.bytes(b, off, n);
      out.end(at);
      bytes += n;
      off += n;
      len -= n;
      if (out.size() >= BLOCK) {
        send();
      }
    }
  }

  /** The buffer to encode one CopyData message into directly: call {@link #endMessage} after. */
  WireWriter beginMessage() {
    out.begin(FrontendTag.COPY_DATA);
    return out;
  }

  /** Ends the message begun at {@code lengthAt} ({@link WireWriter#begin}'s result is at size-before + 1). */
  void endMessage(int lengthAt) {
    out.end(lengthAt);
    bytes += out.size() - lengthAt - 4;   // the payload after the Int32 length
    if (out.size() >= BLOCK) {
      send();
    }
  }

  /** Sends CopyDone and waits for the outcome; returns the command tag ("COPY n"). */
  public String finish() {
    if (!ended) {
      ended = true;
      if (!r.isFinished()) {
        FrontendMessage.CopyDone.INSTANCE.encode(out);
        send();
      }
    }
    try {
      awaitDone();
      SluiceException e = r.error();
      if (e != null) {
        throw e;
      }
    } catch (RuntimeException e) {
      ended(e);
      throw e;
    }
    ended(null);
    return r.commandTag();
  }

  /**
   * Abandons the COPY with CopyFail: the server rolls back what it received and the connection
   * stays usable. Returns the server's answer (the error it reports for the failed COPY), or null.
   */
  public SluiceException abort(String reason) {
    return abort(reason, null);
  }

  /**
   * As {@link #abort(String)}, for a COPY abandoned because the caller's side failed with {@code
   * callerFailure}: its end event reports that failure rather than the server's answer to CopyFail.
   */
  public SluiceException abort(String reason, Throwable callerFailure) {
    if (!ended) {
      ended = true;
      out.reset();
      if (!r.isFinished()) {
        new FrontendMessage.CopyFail(reason).encode(out);
        send();
      }
    }
    try {
      awaitDone();
    } catch (RuntimeException e) {
      ended(callerFailure != null ? callerFailure : e);
      throw e;
    }
    SluiceException server = r.error();
    ended(callerFailure != null ? callerFailure : server);
    return server;
  }

  private void send() {
    if (out.size() > 0 && !r.isFinished()) {
      r.writeRaw(out.array(), 0, out.size());
    }
    out.reset();
  }

  private void awaitDone() {
    r.watchUntil(r::isFinished, Deadline.NONE);
    if (r.failure() instanceof ConnectionException ce && ce.outcome() == Outcome.UNKNOWN && r.commandTag() == null) {
      throw new ConnectionException("the connection failed during COPY: " + ce.getMessage(), Outcome.UNKNOWN, ce);
    }
  }
}
