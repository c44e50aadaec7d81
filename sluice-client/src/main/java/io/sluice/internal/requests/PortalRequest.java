package io.sluice.internal.requests;

import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.rows.RowSink;
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
  /** Where the rows of the chunk being read go; each fetch names its own. */
  private RowSink sink;
  /** How the last chunk ended: the portal is still open (suspended) or ran to the end. */
  private Chunk chunk = Chunk.RUNNING;
  private String commandTag;
  int rowsSeen;

  /** Where the portal stands between chunks. */
  private enum Chunk {
    /** A chunk is being read (or none has ended yet). */
    RUNNING,
    /** PortalSuspended: the server keeps the portal open for the next Execute. */
    SUSPENDED,
    /** CommandComplete or EmptyQueryResponse: no rows remain. */
    COMPLETED
  }

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
    chunk = Chunk.RUNNING;
    replies.expect(ExtendedReplies.Step.EXECUTE_LIMITED);
    engine.writeNow(new FrontendMessage.Execute("", fetchSize));
    engine.writeNow(FrontendMessage.Flush.INSTANCE);
  }

  /** Ends the portal: Close it if rows remain, then Sync, and read up to ReadyForQuery. */
  public void finish(RequestEngine engine) {
    if (isFinished()) {
      return;
    }
    if (chunk == Chunk.SUSPENDED) {
      replies.expect(ExtendedReplies.Step.CLOSE);
      engine.writeNow(new FrontendMessage.Close(FrontendTag.PORTAL, ""));
    }
    nextChunk();
    replies.expect(ExtendedReplies.Step.SYNC);
    engine.writeNow(FrontendMessage.Sync.INSTANCE);
    engine.await(this);
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.DATA_ROW -> {
        ReplyBodies.checkDataRow(frame, st.layout().size());
        rowsSeen++;
        if (sink.frame(frame.buffer(), frame.bodyOffset(), frame.bodyLength())) {
          frame.keep();
        }
      }
      case BackendTag.PORTAL_SUSPENDED -> {
        chunk = Chunk.SUSPENDED;
        chunkEnded();
      }
      case BackendTag.COMMAND_COMPLETE -> {
        commandTag = ReplyBodies.commandTag(frame);
        chunk = Chunk.COMPLETED;
        chunkEnded();
      }
      case BackendTag.EMPTY_QUERY_RESPONSE -> {
        commandTag = ReplyBodies.emptyQuery(st.layout().size());
        chunk = Chunk.COMPLETED;
        chunkEnded();
      }
      case BackendTag.ERROR_RESPONSE -> chunkEnded();
      default -> { /* ParseComplete, BindComplete, CloseComplete: in order, checked */ }
    }
  }

  /** Sends the rows of the next chunk to {@code sink}. */
  public void deliverTo(RowSink sink) {
    this.sink = sink;
  }

  /** Whether the last chunk ended with PortalSuspended: rows may remain. */
  public boolean suspended() {
    return chunk == Chunk.SUSPENDED;
  }

  /** Whether the portal ran to its end (CommandComplete or EmptyQueryResponse). */
  public boolean completed() {
    return chunk == Chunk.COMPLETED;
  }

  /** The CommandComplete tag of the last chunk; null before the portal completes. */
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
  protected boolean acceptsBegin() {
    return true;
  }

  @Override
  public long rowCount() {
    return rowsSeen;   // a tag counts only its own chunk
  }
}
