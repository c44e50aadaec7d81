package io.sluice.internal.rows;

import io.sluice.internal.engine.RequestEngine;

/**
 * Where a query's rows go as they arrive: a {@link RowStore} for buffered results, or a
 * streaming consumer. The bytes are valid only during the call.
 */
public interface RowSink {
  void row(byte[] buf, int off, int len);

  /** Called once before the first row, with the layout every row shares. */
  default void start(RowLayout layout) {}

  /**
   * Whether the sink wants no more rows (checked after each row of a streamed result): then the
   * server's work is stopped when that is safe ({@link RequestEngine#stopEarly}), and the rest of
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
