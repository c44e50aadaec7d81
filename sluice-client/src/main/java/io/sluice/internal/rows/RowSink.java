package io.sluice.internal.rows;

/**
 * Where a query's rows go as they arrive: a {@link RowStore} for buffered results, or a
 * streaming consumer. The bytes are valid only during the call.
 */
public interface RowSink {
  /** One row's DataRow body; the bytes are valid only during the call, so a sink that keeps a row copies it. */
  void row(byte[] buf, int off, int len);

  /**
   * One row's DataRow body still in the connection's read buffer ({@code FrameReader}). Returns
   * whether the sink keeps a reference to those bytes instead of copying them: then the reader
   * must never write over them ({@code FrameReader.keep}). By default the sink copies.
   */
  default boolean frame(byte[] buf, int off, int len) {
    row(buf, off, len);
    return false;
  }

  /** Called once before the first row, with the layout every row shares. */
  default void start(RowLayout layout) {}

  /**
   * Whether the sink wants no more rows (checked after each row of a streamed result): then the
   * server's work is stopped when that is safe ({@code engine.RequestEngine#stopEarly}), and the rest of
   * the rows, if any still come, are read and dropped.
   */
  default boolean stopped() {
    return false;
  }

  /** What the caller's own code threw while taking the rows (a streaming callback), if anything. */
  default Throwable failure() {
    return null;
  }
}
