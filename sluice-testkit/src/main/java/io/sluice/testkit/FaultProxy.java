package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy inside the JVM, from a random port on 127.0.0.1 to a loopback target, whose faults
 * (modelled on toxiproxy's toxics) can be changed while connections are open.
 *
 * <p>Each connection has, per direction, a reader that takes bytes off one socket as they come
 * and a writer that delivers them to the other socket after the faults: so latency delays every
 * chunk by the same amount without adding up, and a client that stops reading holds back at most
 * a bounded queue (64 chunks of up to 32 KiB) per direction. End of stream in one direction is
 * passed on as a half-close; a connection is closed when both directions have ended or either
 * fails. Threads are virtual, one reader and one writer per direction, and all of them end when
 * the connection or the proxy is closed.
 *
 * <p>Counters are totals since the proxy started (or {@link #resetCounters()}): bytes delivered
 * each way, connections accepted, and {@link #roundTrips()}.
 */
public final class FaultProxy implements AutoCloseable {
  private final InetSocketAddress target;
  private final ServerSocket listener;
  private final Thread acceptor;
  private final Set<ProxyLink> links = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  volatile long latencyNanos;
  volatile boolean blackhole;
  volatile int sliceSize;
  volatile long sliceDelayNanos;
  volatile long bytesPerSecond;
  private volatile long cutAfter = -1;

  final AtomicLong bytesToServer = new AtomicLong();
  final AtomicLong bytesToClient = new AtomicLong();
  final AtomicLong roundTrips = new AtomicLong();
  private final AtomicLong accepted = new AtomicLong();

  private FaultProxy(InetSocketAddress target) throws IOException {
    this.target = target;
    this.listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
    this.acceptor = Thread.ofPlatform().daemon().name("sluice-fault-proxy-" + listener.getLocalPort())
        .start(this::acceptLoop);
  }

  /** A proxy to {@code host:port}, which must be a loopback address. */
  public static FaultProxy start(String host, int port) {
    return start(new InetSocketAddress(host, port));
  }

  public static FaultProxy start(InetSocketAddress target) {
    if (target.isUnresolved() || !target.getAddress().isLoopbackAddress()) {
      throw new IllegalArgumentException("FaultProxy only forwards to loopback addresses, not " + target);
    }
    try {
      return new FaultProxy(target);
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

  /** Delays every chunk by {@code oneWay} in each direction (so a round trip costs twice that). Zero turns it off. */
  public FaultProxy latency(Duration oneWay) {
    latencyNanos = Math.max(0, oneWay.toNanos());
    return this;
  }

  /**
   * Closes each connection once {@code bytes} more bytes have gone from server to client: counted
   * from now for open connections, from the start for new ones; 0 closes open connections at once
   * and new ones as soon as they are accepted. Negative turns it off for all connections.
   */
  public FaultProxy cutAfter(long bytes) {
    cutAfter = bytes;
    for (ProxyLink link : List.copyOf(links)) {
      link.cutAfter(bytes);
    }
    return this;
  }

  /** While on, bytes in both directions are read and dropped; the sockets stay open and silent. */
  public FaultProxy blackhole(boolean on) {
    blackhole = on;
    return this;
  }

  /** Delivers data in writes of at most {@code maxChunk} bytes (each its own TCP send); 0 turns it off. */
  public FaultProxy slice(int maxChunk) {
    return slice(maxChunk, Duration.ZERO);
  }

  /** As {@link #slice(int)}, pausing {@code delay} between the slices of one chunk. */
  public FaultProxy slice(int maxChunk, Duration delay) {
    sliceSize = Math.max(0, maxChunk);
    sliceDelayNanos = Math.max(0, delay.toNanos());
    return this;
  }

  /** Limits each direction of each connection to about {@code bytesPerSecond}; 0 turns it off. */
  public FaultProxy bandwidth(long bytesPerSecond) {
    this.bytesPerSecond = Math.max(0, bytesPerSecond);
    return this;
  }

  /** Turns every fault off (latency, cut, blackhole, slicing, bandwidth). */
  public FaultProxy clearFaults() {
    latency(Duration.ZERO).cutAfter(-1).blackhole(false).slice(0).bandwidth(0);
    return this;
  }

  /** Closes every open connection abruptly with a TCP reset on both sides; returns how many. */
  public int resetAll() {
    int n = 0;
    for (ProxyLink link : List.copyOf(links)) {
      link.close(true);
      n++;
    }
    return n;
  }

  /** Bytes passed on to the target. */
  public long bytesToServer() {
    return bytesToServer.get();
  }

  /** Bytes passed on to clients. */
  public long bytesToClient() {
    return bytesToClient.get();
  }

  public long connectionsAccepted() {
    return accepted.get();
  }

  public int openConnections() {
    return links.size();
  }

  /**
   * Client→server bursts: on each connection, bytes from the client count as a new burst when
   * they are its first or when the server has sent something since the previous burst. A client
   * that pipelines N requests before reading makes one burst; one that waits for each answer makes N.
   */
  public long roundTrips() {
    return roundTrips.get();
  }

  public void resetCounters() {
    bytesToServer.set(0);
    bytesToClient.set(0);
    roundTrips.set(0);
    accepted.set(0);
  }

  /** Stops listening and closes every connection; returns when the accepting thread has ended. */
  @Override
  public void close() {
    closed = true;
    try {
      listener.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    for (ProxyLink link : List.copyOf(links)) {
      link.close(false);
    }
    try {
      acceptor.join(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return "FaultProxy[127.0.0.1:" + port() + " -> " + target + "]";
  }

  void forget(ProxyLink link) {
    links.remove(link);
  }

  /** Ends when the listener is closed or fails: never spins on a failing accept. */
  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return;
      }
      accepted.incrementAndGet();
      Thread.ofVirtual().name("sluice-fault-proxy-connect").start(() -> connect(client));
    }
  }

  private void connect(Socket client) {
    Socket upstream = new Socket();
    try {
      upstream.connect(target, 10_000);
      client.setTcpNoDelay(true);
      upstream.setTcpNoDelay(true);
    } catch (IOException e) {
      closeQuietly(upstream);
      closeQuietly(client);
      return;
    }
    ProxyLink link = new ProxyLink(this, client, upstream);
    links.add(link);
    long cut = cutAfter;
    if (closed || cut == 0) {
      link.close(false);
      return;
    }
    link.cutAfter(cut);
    link.start();
  }

  static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // nothing to do
    }
  }
}
