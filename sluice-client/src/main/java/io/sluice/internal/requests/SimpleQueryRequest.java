package io.sluice.internal.requests;

import io.sluice.SimpleResult;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.protocol.BackendMessage.DataRow;
import io.sluice.protocol.BackendMessage.Field;
import io.sluice.protocol.BackendMessage.RowDescription;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ReplyBodies;
import io.sluice.protocol.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A simple-protocol Query: one or more statements, text values. COPY is refused (CopyFail for
 * COPY FROM STDIN, data discarded for COPY TO STDOUT): COPY has its own API.
 */
public final class SimpleQueryRequest extends SimpleProtocolRequest {
  private final List<SimpleResult> results = new ArrayList<>();
  /** The first value that was not valid UTF-8, thrown once the query has ended. */
  private io.sluice.ValueException undecodable;
  private List<String> columns = List.of();
  private List<List<String>> rows = new ArrayList<>();
  private final RequestEngine engine;

  public SimpleQueryRequest(String sql, RequestEngine engine) {
    super(sql);
    this.engine = engine;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.ROW_DESCRIPTION -> {
        columns = ((RowDescription) frame.decode()).fields().stream().map(Field::name).toList();
        rows = new ArrayList<>();
      }
      case BackendTag.DATA_ROW -> {
        byte[][] values = ((DataRow) frame.decode()).values();
        if (values.length != columns.size()) {
          throw new io.sluice.protocol.ProtocolException("DataRow of " + values.length + " columns where the result has "
              + columns.size());
        }
        String[] text = new String[values.length];
        for (int i = 0; i < values.length; i++) {
          try {
            text[i] = values[i] == null ? null : Utf8.decode(values[i], 0, values[i].length);
          } catch (io.sluice.protocol.ProtocolException e) {
            // the message is well framed, so the connection is fine: the caller gets a ValueException
            if (undecodable == null) {
              undecodable = new io.sluice.ValueException("column " + columns.get(i) + ": " + e.getMessage(), e);
            }
          }
        }
        rows.add(Arrays.asList(text));
      }
      case BackendTag.COMMAND_COMPLETE -> {
        String tag = ReplyBodies.commandTag(frame);
        results.add(new SimpleResult(columns, rows, tag));
        columns = List.of();
        rows = new ArrayList<>();
      }
      case BackendTag.EMPTY_QUERY_RESPONSE -> results.add(new SimpleResult(List.of(), List.of(), ""));
      case BackendTag.COPY_IN_RESPONSE -> engine.writeNow(
          new FrontendMessage.CopyFail("COPY FROM STDIN is not available through simpleQuery; use the COPY API"));
      default -> { /* COPY TO STDOUT data is discarded; errors are kept by the engine */ }
    }
  }

  /** Each statement's result, in order. */
  public List<SimpleResult> results() {
    return results;
  }

  /** Throws the first value that was not valid UTF-8, if any (once the query has ended). */
  public void throwUndecodable() {
    if (undecodable != null) {
      throw undecodable;
    }
  }

  @Override
  protected boolean exclusive() {
    // COPY FROM STDIN inside the string makes the server wait for our CopyFail: nothing else may be
    // written in between. A bare COMMIT (how a Transaction ends) cannot start one, and a routing
    // pool's trailer must be able to follow it (internal.engine.Trailer).
    return !commits();
  }

  @Override
  protected boolean commits() {
    return sql.equalsIgnoreCase("COMMIT");
  }

  @Override
  public long rowCount() {
    long n = 0;
    for (io.sluice.SimpleResult r : results) {
      n += rowCount(r.commandTag(), r.rows().size());
    }
    return n;
  }
}
