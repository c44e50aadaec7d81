package io.sluice.internal.requests;

import io.sluice.internal.engine.RequestEngine;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ReplyBodies;

/**
 * A {@code COPY … TO STDOUT} sent as a simple Query; each CopyData payload goes to the sink on the
 * caller's thread, as it arrives. If the sink fails, the server is asked to cancel and the rest of
 * the data is drained, so the connection ends clean; the sink's failure is then rethrown.
 */
public final class CopyOutRequest extends SimpleProtocolRequest {
  /** Receives COPY data; may throw, which stops delivery. */
  public interface Sink {
    void data(byte[] buf, int off, int len) throws Exception;
  }

  private final RequestEngine engine;
  private final Sink sink;
  private Exception sinkFailure;
  private String commandTag;
  private boolean started;
  /** COPY data bytes received, for the end event. */
  private long bytes;

  public CopyOutRequest(String sql, RequestEngine engine, Sink sink) {
    super(sql);
    this.engine = engine;
    this.sink = sink;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.COPY_OUT_RESPONSE -> started = true;
      case BackendTag.COPY_DATA -> {
        bytes += frame.bodyLength();
        if (sinkFailure == null) {
          try {
            sink.data(frame.buffer(), frame.bodyOffset(), frame.bodyLength());
          } catch (Exception e) {
            sinkFailure = e;
            Thread.startVirtualThread(engine::cancelCurrent);
          }
        }
      }
      case BackendTag.COMMAND_COMPLETE -> commandTag = ReplyBodies.commandTag(frame);
      case BackendTag.COPY_IN_RESPONSE -> engine.writeNow(new FrontendMessage.CopyFail("this is COPY FROM STDIN; use copyIn"));
      default -> { /* errors are kept by the engine; other results (in order, checked) are ignored */ }
    }
  }

  /** What the sink threw, which stopped delivery; null while it has not thrown. */
  public Exception sinkFailure() {
    return sinkFailure;
  }

  /** Whether the server answered CopyOutResponse: the statement was a COPY … TO STDOUT. */
  public boolean started() {
    return started;
  }

  /** COPY data bytes received so far. */
  public long bytes() {
    return bytes;
  }

  /** The CommandComplete tag; null before it. */
  public String commandTag() {
    return commandTag;
  }

  @Override
  protected boolean readsItself() {
    return true;
  }

  @Override
  protected boolean exclusive() {
    return true;
  }

  @Override
  public long rowCount() {
    return rowCount(commandTag, 0);
  }
}
