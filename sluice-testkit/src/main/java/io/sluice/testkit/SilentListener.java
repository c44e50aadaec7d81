package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP listener that never says anything, for connect, TLS and startup timeout tests.
 *
 * <ul>
 *   <li>{@link #accepting()}: accepts every connection and holds it open without reading or
 *       writing: the client's connect succeeds and its first read waits forever.</li>
 *   <li>{@link #notAccepting()}: listens but never accepts; the kernel still completes
 *       handshakes into the backlog, so connects usually succeed and reads wait forever.</li>
 *   <li>{@link #saturated()}: not accepting, with the backlog filled by the listener's own
 *       connections, so a new connect gets no answer at all and times out.</li>
 * </ul>
 */
public final class SilentListener implements AutoCloseable {
  private static final int MAX_FILL_ATTEMPTS = 32;
  private final ServerSocket listener;
  private final List<Socket> held = new CopyOnWriteArrayList<>();
  private final AtomicLong accepted = new AtomicLong();
  private final Thread acceptor;

  private SilentListener(boolean accept, int backlog) throws IOException {
    listener = new ServerSocket(0, backlog, InetAddress.getByName("127.0.0.1"));
    acceptor = accept
        ? Thread.ofPlatform().daemon().name("sluice-silent-listener-" + listener.getLocalPort()).start(this::acceptLoop)
        : null;
  }

  public static SilentListener accepting() {
    return create(true, 50);
  }

  public static SilentListener notAccepting() {
    return create(false, 1);
  }

  /**
   * A listener whose backlog is full, so connects to it time out.
   *
   * @throws TestkitException if this kernel kept completing connects (it did not honour the backlog)
   */
  public static SilentListener saturated() {
    SilentListener l = create(false, 1); // not 0: Java turns a backlog <= 0 into 50
    for (int i = 0; i < MAX_FILL_ATTEMPTS; i++) {
      Socket s = new Socket();
      try {
        s.connect(l.address(), 200);
        l.held.add(s);
      } catch (SocketTimeoutException full) {
        FaultProxy.closeQuietly(s);
        return l;
      } catch (IOException e) {
        FaultProxy.closeQuietly(s);
        l.close();
        throw new UncheckedIOException("could not fill the backlog of " + l.address(), e);
      }
    }
    l.close();
    throw new TestkitException("the kernel kept accepting connections into a listener that never accepts ("
        + MAX_FILL_ATTEMPTS + " tries): cannot make connects time out here");
  }

  private static SilentListener create(boolean accept, int backlog) {
    try {
      return new SilentListener(accept, backlog);
    } catch (IOException e) {
      throw new UncheckedIOException("could not listen on 127.0.0.1", e);
    }
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return listener.getLocalPort();
  }

  public InetSocketAddress address() {
    return new InetSocketAddress(listener.getInetAddress(), port());
  }

  /** Connections accepted (only {@link #accepting()} accepts). */
  public long acceptedConnections() {
    return accepted.get();
  }

  /** Stops listening and closes every connection it holds. */
  @Override
  public void close() {
    try {
      listener.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    if (acceptor != null) {
      try {
        acceptor.join(Duration.ofSeconds(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    // after the acceptor ended, so that no socket it accepted last is missed
    held.forEach(FaultProxy::closeQuietly);
    held.clear();
  }

  /** Ends when the listener is closed or fails. */
  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket s = listener.accept();
        accepted.incrementAndGet();
        held.add(s);
      } catch (IOException e) {
        return;
      }
    }
  }
}
