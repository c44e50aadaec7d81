package io.sluice.internal.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Tells, without blocking, whether a blocking socket channel has input waiting or has reached its
 * end: the kernel's count of waiting bytes does not show a peer's FIN, so a connection whose server
 * closed it while idle would otherwise look alive until a request was written to it. A byte read
 * to find out is kept and handed to the next read. Only the thread that reads may call {@link
 * #poll}, while no read is in progress.
 */
final class ChannelPeek {
  private final SocketChannel channel;
  private final ByteBuffer one = ByteBuffer.allocate(1);
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
