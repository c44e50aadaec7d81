package io.sluice.protocol;

/**
 * The hot replies read in place, without decoding them into records (the {@link BackendDecoder}
 * records serve start-up, tests and tracing): a CommandComplete's tag, a ReadyForQuery's status,
 * a DataRow's framing. The bytes come from the network and are checked before anything is kept or
 * handed on.
 */
public final class ReplyBodies {
  private ReplyBodies() {}

  /** A CommandComplete's tag: a NUL-terminated string filling the body exactly. */
  public static String commandTag(FrameReader frame) {
    byte[] b = frame.buffer();
    int off = frame.bodyOffset();
    int len = frame.bodyLength();
    if (len < 1 || b[off + len - 1] != 0) {
      throw new ProtocolException("CommandComplete: the tag is not NUL-terminated");
    }
    for (int i = off; i < off + len - 1; i++) {
      if (b[i] == 0) {
        throw new ProtocolException("CommandComplete: bytes after the tag's NUL");
      }
    }
    return Utf8.decode(b, off, len - 1);
  }

  /**
   * The tag of an EmptyQueryResponse, which answers an empty query string only: a statement that
   * was described with columns cannot get one.
   */
  public static String emptyQuery(int columns) {
    if (columns != 0) {
      throw new ProtocolException("EmptyQueryResponse for a statement of " + columns + " columns");
    }
    return "";
  }

  /**
   * Checks that a statement which returned rows through an Execute of all rows got as many as its
   * tag counts ({@code SELECT n}, {@code INSERT 0 n} … {@code RETURNING}, {@code FETCH n}): a row
   * lost or repeated on the way would otherwise go unnoticed. A result without columns (an INSERT
   * without RETURNING, CREATE TABLE AS) sends no rows whatever its count.
   */
  public static void checkRowCount(String tag, int rows, int columns) {
    if (columns == 0 || !CommandTags.countsRowsSent(tag)) {
      return;   // no row count, or one that does not count rows sent (MOVE, COPY)
    }
    long n = CommandTags.lastNumber(tag);
    if (n < 0) {
      throw new ProtocolException("CommandComplete: malformed tag \"" + tag + "\"");
    }
    if (n != rows) {
      throw new ProtocolException("CommandComplete \"" + tag + "\" after " + rows + " row" + (rows == 1 ? "" : "s"));
    }
  }

  /** A ReadyForQuery's transaction status: one byte, 'I', 'T' or 'E'. */
  public static TransactionStatus readyStatus(FrameReader frame) {
    if (frame.bodyLength() != 1) {
      throw new ProtocolException("ReadyForQuery of " + frame.bodyLength() + " bytes; it has one");
    }
    return TransactionStatus.of(frame.buffer()[frame.bodyOffset()]);
  }


  /**
   * Checks a DataRow's framing against the result's column count: the count matches, every length
   * is -1 (NULL) or fits in the message, and nothing trails. Rows are kept as raw bytes and read
   * later, lazily, so this is where a malformed row is caught: while the connection can still be
   * closed before anyone sees it.
   */
  public static void checkDataRow(FrameReader frame, int columns) {
    byte[] b = frame.buffer();
    int p = frame.bodyOffset();
    int end = p + frame.bodyLength();
    if (end - p < 2) {
      throw new ProtocolException("DataRow: no column count");
    }
    int n = ((b[p] & 0xFF) << 8) | (b[p + 1] & 0xFF);
    if (n != columns) {
      throw new ProtocolException("DataRow of " + n + " columns where the result has " + columns);
    }
    p += 2;
    for (int i = 0; i < n; i++) {
      if (end - p < 4) {
        throw new ProtocolException("DataRow: value " + i + " runs past the end of the message");
      }
      int len = WireReader.getInt(b, p);
      p += 4;
      if (len == -1) {
        continue;
      }
      if (len < 0 || len > end - p) {
        throw new ProtocolException("DataRow: value " + i + " has length " + len + " with " + (end - p)
            + " bytes left in the message");
      }
      p += len;
    }
    if (p != end) {
      throw new ProtocolException("DataRow: " + (end - p) + " bytes after the last value");
    }
  }
}
