package io.sluice.internal.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Tells, without blocking, whether a blocking socket channel has input waiting or has reached its
 * end: the kernel's count of waiting bytes does not show a peer's FIN, so a connection whose server
 * closed it while idle would otherwise look alive until a request was written to it. A byte read
 * to find out is kept and handed to the next read. Only the thread that reads may call {@link
 * #poll}, while no read is in progress; writes are bracketed by {@link #beginWrite} and {@link
 * #endWrite}, so that none meets the channel in its non-blocking moment.
 */
final class ChannelPeek {
  private final SocketChannel channel;
  private final ByteBuffer one = ByteBuffer.allocate(1);
  /** Held by a write, and by {@link #poll} while the channel is non-blocking. */
  private final ReentrantLock mode = new ReentrantLock();
  /** A byte read by {@link #poll}, not yet handed to {@link #read}; -1 for none. */
  private int kept = -1;

  ChannelPeek(SocketChannel channel) {
    this.channel = channel;
  }

  /** 1 when input waits, 0 when none does, -1 when the peer closed the connection. */
  int poll() throws IOException {
    if (kept >= 0) {
      return 1;
    }
    if (!mode.tryLock()) {
      return 0;   // a write is under way: say nothing rather than wait for it
    }
    try {
      channel.configureBlocking(false);
      try {
        one.clear();
        int n = channel.read(one);
        if (n > 0) {
          kept = one.get(0) & 0xFF;
        }
        return n < 0 ? -1 : n;
      } finally {
        channel.configureBlocking(true);
      }
    } finally {
      mode.unlock();
    }
  }

  /** Before a blocking write, which a concurrent {@link #poll} must not catch in non-blocking mode. */
  void beginWrite() {
    mode.lock();
  }

  void endWrite() {
    mode.unlock();
  }

  /** Hands over the kept byte, if any, into {@code b[off]}; returns how many bytes (0 or 1). */
  int drainInto(byte[] b, int off, int len) {
    if (kept < 0 || len == 0) {
      return 0;
    }
    b[off] = (byte) kept;
    kept = -1;
    return 1;
  }
}
