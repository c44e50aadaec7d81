package io.sluice.internal;

/**
 * Where a query's rows go as they arrive: a {@link RowStore} for buffered results, or a
 * streaming consumer. The bytes are valid only during the call.
 */
public interface RowSink {
  void row(byte[] buf, int off, int len);

  /** Called once before the first row, with the layout every row shares. */
  default void start(RowLayout layout) {}

  /** What the caller's own code threw while taking the rows (a streaming callback), if anything. */
  default Throwable failure() {
    return null;
  }
}
