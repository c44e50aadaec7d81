package io.sluice.internal.net;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A Unix-domain socket ({@code <dir>/.s.PGSQL.<port>}); PostgreSQL never uses TLS over it. A
 * {@link SocketChannel} is the JDK's only Unix socket and has no read timeout (SO_TIMEOUT belongs
 * to {@link java.net.Socket}), so the channel is non-blocking throughout and a read or write that
 * finds nothing to do waits on a selector ({@link ReadinessWait}): a read can then be bounded,
 * as a caller past its deadline needs whatever the server does (issue 37 §3), at no cost to a read
 * that finds its bytes waiting.
 */
public final class UnixTransport implements Transport {
  private final SocketChannel channel;
  private final ReadinessWait readable;
  private final ReadinessWait writable;
  private final String description;
  /** The bound of each read in ms (0: none); set and read by the reading thread. */
  private int readTimeoutMillis;
  /** A byte {@link #available} read to see whether the peer closed, not yet handed out; -1: none. */
  private int kept = -1;
  private final ByteBuffer one = ByteBuffer.allocate(1);
  private volatile boolean open = true;

  private UnixTransport(SocketChannel channel, String description) {
    this.channel = channel;
    this.readable = new ReadinessWait(channel, SelectionKey.OP_READ);
    this.writable = new ReadinessWait(channel, SelectionKey.OP_WRITE);
    this.description = description;
  }

  public static UnixTransport connect(Path socketFile) throws IOException {
    SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      ch.connect(UnixDomainSocketAddress.of(socketFile));
      ch.configureBlocking(false);
      return new UnixTransport(ch, "unix " + socketFile);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (kept >= 0) {
      b[off] = (byte) kept;
      kept = -1;
      return 1;
    }
    ByteBuffer bb = ByteBuffer.wrap(b, off, len);
    int bound = readTimeoutMillis;
    long end = bound == 0 ? 0 : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(bound);
    while (true) {
      int n = channel.read(bb);
      if (n != 0) {
        return n;
      }
      long wait = 0;
      if (bound != 0) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          throw new SocketTimeoutException("nothing to read within " + bound + " ms (" + description + ")");
        }
        wait = Math.max(1, TimeUnit.NANOSECONDS.toMillis(left));
      }
      readable.await(wait);
    }
  }

  /** Bounds each following read: the channel waits on its selector no longer than this. */
  @Override
  public boolean readTimeout(int millis) {
    readTimeoutMillis = Math.max(0, millis);
    return true;
  }

  /**
   * 1 when input waits, 0 when none does, -1 when the peer closed the connection: the kernel's
   * count of waiting bytes does not show a FIN, so a byte is read to find out and kept for the
   * next read. The reading thread's, while it does not read.
   */
  @Override
  public int available() throws IOException {
    if (kept >= 0) {
      return 1;
    }
    one.clear();
    int n = channel.read(one);
    if (n > 0) {
      kept = one.get(0) & 0xFF;
    }
    return n < 0 ? -1 : n;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(b, off, len);
    while (bb.hasRemaining()) {
      if (channel.write(bb) == 0) {
        writable.await(0);   // the socket's buffer is full: the server is not reading yet
      }
    }
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
    readable.close();
    writable.close();
    try {
      channel.close();
    } catch (IOException ignored) {
      // nothing useful to do
    }
  }

  @Override
  public String describe() {
    return description;
  }
}
