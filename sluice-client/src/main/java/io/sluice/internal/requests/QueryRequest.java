package io.sluice.internal.requests;

import io.sluice.ValueException;
import io.sluice.internal.rows.RowSink;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.BindWriter;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ReplyBodies;
import io.sluice.protocol.WireWriter;
import io.sluice.types.ParameterCodec;
import io.sluice.types.TypeContext;

/**
 * Bind + Execute + Sync for a described statement (with Parse first in unnamed mode): one round
 * trip. Parameters are encoded straight into the output buffer, binary where the codec can, text
 * otherwise; rows are handed to the sink as raw DataRow bodies.
 */
public final class QueryRequest extends ExtendedRequest {
  final ServerStatement st;
  private final Object[] params;
  private final ParameterCodec[] codecs;
  private final TypeContext types;
  final RowSink sink;
  private final boolean streaming;
  private final int columns;
  private String commandTag;
  private int rowsSeen;
  /** Stops the server's work once the sink wants no more rows (streamed results only), or null. */
  private Runnable onStop;
  private boolean stopAsked;

  public QueryRequest(ServerStatement st, Object[] params, ParameterCodec[] codecs, TypeContext types, RowSink sink,
      boolean streaming) {
    super(true);
    this.st = st;
    this.params = params;
    this.codecs = codecs;
    this.types = types;
    this.sink = sink;
    this.streaming = streaming;
    this.columns = st.layout().size();
  }

  @Override
  protected int encode(WireWriter out) {
    encodeStatement(out, st, params, codecs, types, replies);
    FrontendMessage.Sync.INSTANCE.encode(out);
    replies.expect(ExtendedReplies.Step.SYNC);
    return 1;
  }

  /** [Parse in unnamed mode,] Bind and Execute of all rows, recorded in {@code replies}. */
  static void encodeStatement(WireWriter out, ServerStatement st, Object[] params, ParameterCodec[] codecs,
      TypeContext types, ExtendedReplies replies) {
    encodeParseAndBind(out, st, params, codecs, types, replies);
    encodeExecute(out);
    replies.expect(ExtendedReplies.Step.EXECUTE);
  }

  /** [Parse in unnamed mode,] then Bind, recorded in {@code replies}. */
  static void encodeParseAndBind(WireWriter out, ServerStatement st, Object[] params, ParameterCodec[] codecs,
      TypeContext types, ExtendedReplies replies) {
    if (st.unnamed()) {
      new FrontendMessage.Parse("", st.key().sql(), st.key().declaredTypes()).encode(out);
      replies.expect(ExtendedReplies.Step.PARSE);
    }
    encodeBind(out, st, params, codecs, types);
    replies.expect(ExtendedReplies.Step.BIND);
  }

  /**
   * Bind through the protocol's one writer ({@link BindWriter}), parameters encoded in place with
   * back-patched lengths. Values whose size is known up front (byte arrays, strings) are added up
   * first: a Bind that cannot fit
   * PostgreSQL's message limit is refused before any byte is written, and one that fits gets its
   * room in one allocation instead of growing (and copying) the buffer value by value.
   */
  static void encodeBind(WireWriter out, ServerStatement st, Object[] params, ParameterCodec[] codecs, TypeContext types) {
    int n = params.length;
    // the cache refused miscounts before anything was sent; this guards every other way in
    ValueException refused = ParameterCount.refusal(st.parameterCount(), n);
    if (refused != null) {
      throw refused;
    }
    reserve(out, st, params);
    BindWriter.write(out, "", st.name(), new BoundParameters(params, codecs, types), st.resultFormats());
  }

  /** Below this, values are not added up: the buffer's own growth is cheap enough. */
  private static final long RESERVE_ABOVE = 1 << 20;

  /** Refuses a Bind whose known sizes pass PostgreSQL's limit; makes room for the rest at once. */
  private static void reserve(WireWriter out, ServerStatement st, Object[] params) {
    long known = 0;
    for (Object v : params) {
      if (v instanceof byte[] b) {
        known += 4 + b.length;
      } else if (v instanceof String s) {
        known += 4 + s.length();   // at least one byte per char
      }
    }
    if (known < RESERVE_ABOVE) {
      return;
    }
    long total = known + 64 + st.name().length() + 2L * params.length + 2L * st.resultFormats().length;
    if (total > WireWriter.MAX_MESSAGE_LENGTH) {
      throw new ValueException("the parameters add up to at least " + total + " bytes, past PostgreSQL's limit of "
          + WireWriter.MAX_MESSAGE_LENGTH + " bytes for one message; send large values in parts (COPY, "
          + "or several statements)");
    }
    out.ensure((int) total);
  }

  private static void encodeExecute(WireWriter out) {
    ALL_ROWS.encode(out);
  }

  /** Execute of the unnamed portal, every row. */
  private static final FrontendMessage.Execute ALL_ROWS = new FrontendMessage.Execute("", 0);


  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.DATA_ROW -> {
        ReplyBodies.checkDataRow(frame, columns);
        rowsSeen++;
        if (sink.frame(frame.buffer(), frame.bodyOffset(), frame.bodyLength())) {
          frame.keep();
        }
        if (onStop != null && !stopAsked && sink.stopped()) {
          stopAsked = true;
          onStop.run();
        }
      }
      case BackendTag.COMMAND_COMPLETE -> {
        commandTag = ReplyBodies.commandTag(frame);
        ReplyBodies.checkRowCount(commandTag, rowsSeen, columns);
      }
      case BackendTag.EMPTY_QUERY_RESPONSE -> commandTag = ReplyBodies.emptyQuery(columns);
      default -> { /* ParseComplete, BindComplete, ErrorResponse (kept by the engine): in order, checked */ }
    }
  }

  /** Has {@code stop} stop the server's work once the sink wants no more rows (streamed results only). */
  public void stopWith(Runnable stop) {
    onStop = stop;
  }

  /** The CommandComplete tag; null before it (or when the request was stopped early). */
  public String commandTag() {
    return commandTag;
  }

  /** DataRows received so far. */
  public int rowsSeen() {
    return rowsSeen;
  }

  @Override
  protected boolean readsItself() {
    return streaming;
  }

  @Override
  protected boolean acceptsBegin() {
    return true;
  }

  @Override
  public long rowCount() {
    return rowCount(commandTag, rowsSeen);
  }
}
