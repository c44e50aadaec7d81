package io.sluice.internal.statements;

import io.sluice.SluiceException;
import io.sluice.event.CopyStart;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.events.CopyEvents;
import io.sluice.internal.events.Started;
import io.sluice.internal.requests.CopyOutRequest;

/** Runs one {@code COPY … TO STDOUT}, handing each CopyData payload to a sink on the caller's thread. */
public final class CopyOutExchange {
  private CopyOutExchange() {}

  /** Receives COPY data; may throw, which cancels the COPY. */
  public interface Sink extends CopyOutRequest.Sink {
    /** What the caller's code threw while taking the data without stopping the COPY (a row callback), if anything. */
    default Throwable failure() {
      return null;
    }
  }

  /**
   * Returns the command tag ("COPY n"). A failure of the sink is rethrown (wrapped when checked)
   * after the server has stopped and the connection is clean.
   */
  public static String run(StatementRunner statements, String sql, Sink sink, Deadline deadline) throws Exception {
    CopyOutRequest r = new CopyOutRequest(sql, statements.engine, sink);
    Started<CopyStart> started = CopyEvents.begin(statements.events(), sql, CopyStart.Direction.OUT);
    try {
      String tag = exchange(r, statements, sql, deadline);
      CopyEvents.ended(started, r, r.bytes(), sink.failure());
      return tag;
    } catch (Exception | Error e) {
      CopyEvents.ended(started, r, r.bytes(), e);
      throw e;
    }
  }

  private static String exchange(CopyOutRequest r, StatementRunner statements, String sql, Deadline deadline)
      throws Exception {
    try {
      statements.engine.run(r, deadline);
    } catch (SluiceException e) {
      Exception sinkFailure = r.sinkFailure();
      if (sinkFailure != null) {
        sinkFailure.addSuppressed(e);
        throw sinkFailure;
      }
      throw e;
    }
    if (r.sinkFailure() != null) {
      throw r.sinkFailure();
    }
    if (!r.started()) {
      throw new io.sluice.ValueException("not a COPY … TO STDOUT statement: " + sql);
    }
    return r.commandTag();
  }
}
