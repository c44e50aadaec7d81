package io.sluice.internal.exchanges;

import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.statements.ServerStatement;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.FrontendTag;
import io.sluice.protocol.ReplyBodies;
import io.sluice.protocol.WireWriter;
import io.sluice.types.ParameterCodec;
import io.sluice.types.TypeContext;

/**
 * A statement fetched {@code fetchSize} rows at a time: Bind, then Execute(n) + Flush per chunk;
 * the server suspends the portal after each chunk (PortalSuspended) and keeps it open because no
 * Sync has been sent. Nothing else may be written meanwhile (it is exclusive), and only the owner
 * reads its rows. {@link #finish} sends the Sync (with a Close first when abandoned early).
 */
public final class PortalRequest extends ExtendedRequest {
  private final ServerStatement st;
  private final Object[] params;
  private final ParameterCodec[] codecs;
  private final TypeContext types;
  private final int fetchSize;
  public RowSink sink;
  public boolean suspended;
  public boolean completed;
  public String commandTag;
  int rowsSeen;

  public PortalRequest(ServerStatement st, Object[] params, ParameterCodec[] codecs, TypeContext types, int fetchSize) {
    super(true);
    this.st = st;
    this.params = params;
    this.codecs = codecs;
    this.types = types;
    this.fetchSize = fetchSize;
  }

  @Override
  protected int encode(WireWriter out) {
    QueryRequest.encodeParseAndBind(out, st, params, codecs, types, replies);
    new FrontendMessage.Execute("", fetchSize).encode(out);
    replies.expect(ExtendedReplies.Step.EXECUTE_LIMITED);
    FrontendMessage.Flush.INSTANCE.encode(out);
    return 1;   // the Sync comes from finish()
  }

  /** Asks for the next chunk (the reader is this request's owner). */
  public void next(RequestEngine engine) {
    nextChunk();
    suspended = false;
    replies.expect(ExtendedReplies.Step.EXECUTE_LIMITED);
    engine.writeNow(new FrontendMessage.Execute("", fetchSize));
    engine.writeNow(FrontendMessage.Flush.INSTANCE);
  }

  /** Ends the portal: Close it if rows remain, then Sync, and read up to ReadyForQuery. */
  public void finish(RequestEngine engine) {
    if (isFinished()) {
      return;
    }
    if (suspended && !completed) {
      replies.expect(ExtendedReplies.Step.CLOSE);
      engine.writeNow(new FrontendMessage.Close(FrontendTag.PORTAL, ""));
    }
    nextChunk();
    replies.expect(ExtendedReplies.Step.SYNC);
    engine.writeNow(FrontendMessage.Sync.INSTANCE);
    engine.await(this, Deadline.NONE);
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.DATA_ROW -> {
        ReplyBodies.checkDataRow(frame, st.layout().size());
        rowsSeen++;
        sink.row(frame.buffer(), frame.bodyOffset(), frame.bodyLength());
      }
      case BackendTag.PORTAL_SUSPENDED -> {
        suspended = true;
        chunkEnded();
      }
      case BackendTag.COMMAND_COMPLETE -> {
        commandTag = ReplyBodies.commandTag(frame);
        completed = true;
        chunkEnded();
      }
      case BackendTag.EMPTY_QUERY_RESPONSE -> {
        commandTag = ReplyBodies.emptyQuery(st.layout().size());
        completed = true;
        chunkEnded();
      }
      case BackendTag.ERROR_RESPONSE -> chunkEnded();
      default -> { /* ParseComplete, BindComplete, CloseComplete: in order, checked */ }
    }
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
  protected boolean acceptsBegin() {
    return true;
  }

  @Override
  public long rowCount() {
    return rowsSeen;   // a tag counts only its own chunk
  }
}
