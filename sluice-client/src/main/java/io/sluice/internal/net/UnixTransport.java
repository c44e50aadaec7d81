package io.sluice.internal.net;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/** A Unix-domain socket ({@code <dir>/.s.PGSQL.<port>}); PostgreSQL never uses TLS over it. */
public final class UnixTransport implements Transport {
  private final SocketChannel channel;
  private final ChannelPeek peek;
  private final String description;
  private volatile boolean open = true;

  private UnixTransport(SocketChannel channel, String description) {
    this.channel = channel;
    this.peek = new ChannelPeek(channel);
    this.description = description;
  }

  public static UnixTransport connect(Path socketFile) throws IOException {
    SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      ch.connect(UnixDomainSocketAddress.of(socketFile));
      return new UnixTransport(ch, "unix " + socketFile);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int kept = peek.drainInto(b, off, len);
    return kept > 0 ? kept : channel.read(ByteBuffer.wrap(b, off, len));
  }

  @Override
  public int available() throws IOException {
    return peek.poll();
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    peek.beginWrite();
    try {
      ByteBuffer bb = ByteBuffer.wrap(b, off, len);
      while (bb.hasRemaining()) {
        channel.write(bb);
      }
    } finally {
      peek.endWrite();
    }
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
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
