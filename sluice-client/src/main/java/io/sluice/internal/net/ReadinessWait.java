package io.sluice.internal.net;

import java.io.IOException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.Selector;

/**
 * A wait until a non-blocking channel can be read (or written), with or without a bound: its own
 * {@link Selector}, opened at the first wait (a connection that never waits to write never opens
 * one for writing) and used by one thread at a time. On a virtual thread the JDK parks the thread
 * on the selector's epoll descriptor (JDK 22 and later; JDK 21 blocks the carrier and adds one to
 * the scheduler's parallelism meanwhile, as for any blocking system call). {@link #close} may be
 * called from any thread and ends a wait in progress.
 */
final class ReadinessWait {
  private final SelectableChannel channel;
  private final int operation;
  private volatile Selector selector;
  private volatile boolean closed;

  /** {@code operation}: {@link java.nio.channels.SelectionKey#OP_READ} or {@code OP_WRITE}. */
  ReadinessWait(SelectableChannel channel, int operation) {
    this.channel = channel;
    this.operation = operation;
  }

  /**
   * Waits until the channel is ready or {@code millis} pass (0: no bound); may return early
   * (the caller tries its read or write again and looks at its own clock). Throws once closed.
   */
  void await(long millis) throws IOException {
    Selector s = selector;
    if (s == null) {
      s = Selector.open();
      channel.register(s, operation);
      selector = s;
    }
    // close() writes closed before it reads selector: it either wakes this selector or is seen
    // here, and then the selector it may have missed is closed here (closing twice is harmless)
    if (closed) {
      closeQuietly(s);
      throw new AsynchronousCloseException();
    }
    try {
      s.select(millis);
      s.selectedKeys().clear();
    } catch (ClosedSelectorException e) {
      throw new AsynchronousCloseException();
    }
    if (closed) {
      throw new AsynchronousCloseException();
    }
  }

  /** Ends a wait in progress and frees the selector; the channel is closed by its owner. */
  void close() {
    closed = true;
    Selector s = selector;
    if (s != null) {
      closeQuietly(s);   // wakes a thread in select() first, then waits for it to leave
    }
  }

  private static void closeQuietly(Selector s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // an epoll descriptor that will not close tells the caller nothing it can act on
    }
  }
}
