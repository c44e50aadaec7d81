package io.sluice.internal.requests;

import io.sluice.internal.engine.RequestEngine;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.ReplyBodies;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@code COPY … FROM STDIN} sent as a simple Query. Exclusive: once the server answers
 * CopyInResponse it reads only CopyData, so nothing of anyone else may be written until the
 * exchange ends (ReadyForQuery). The caller writes the data ({@code statements.CopyInExchange}); any thread
 * may read the replies.
 */
public final class CopyInRequest extends SimpleProtocolRequest {
  private final RequestEngine engine;
  private volatile boolean started;
  private volatile boolean wrongDirection;
  private volatile String commandTag;

  public CopyInRequest(String sql, RequestEngine engine) {
    super(sql);
    this.engine = engine;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.COPY_IN_RESPONSE -> {
        started = true;
        LockSupport.unpark(owner());
        wakeWatcher();
      }
      case BackendTag.COMMAND_COMPLETE -> commandTag = ReplyBodies.commandTag(frame);
      case BackendTag.COPY_OUT_RESPONSE -> wrongDirection = true;   // COPY TO: its data is drained and dropped
      default -> { /* errors are kept by the engine; other results (in order, checked) are ignored */ }
    }
  }

  /** Whether the server answered CopyInResponse: it now reads only CopyData. */
  public boolean started() {
    return started;
  }

  /** Whether the server answered CopyOutResponse instead: the statement was a COPY … TO STDOUT. */
  public boolean wrongDirection() {
    return wrongDirection;
  }

  /** The CommandComplete tag; null before it. */
  public String commandTag() {
    return commandTag;
  }

  @Override
  protected boolean exclusive() {
    return true;
  }

  public void writeRaw(byte[] b, int off, int len) {
    engine.writeRaw(b, off, len);
  }

  @Override
  public long rowCount() {
    return rowCount(commandTag, 0);
  }
}
