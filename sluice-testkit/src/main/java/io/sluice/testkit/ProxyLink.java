package io.sluice.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/** One proxied connection of a {@link FaultProxy}: two sockets, and a reader and a writer per direction. */
final class ProxyLink {
  private static final int CHUNK = 32 * 1024;
  private static final int QUEUE_CHUNKS = 64;
  private static final Chunk END = new Chunk(null, 0);

  private final FaultProxy proxy;
  private final Socket client;
  private final Socket upstream;
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicInteger directionsEnded = new AtomicInteger();
  /** Set when bytes go to the client; cleared by the next client bytes, which then count as a round trip. */
  private final AtomicBoolean serverSpoke = new AtomicBoolean(true);
  private final AtomicLong deliveredToClient = new AtomicLong();
  /** Server→client byte count at which to close; -1 for never. */
  private volatile long cutAt = -1;

  private record Chunk(byte[] data, long dueNanos) {}

  ProxyLink(FaultProxy proxy, Socket client, Socket upstream) {
    this.proxy = proxy;
    this.client = client;
    this.upstream = upstream;
  }

  void start() {
    BlockingQueue<Chunk> toServer = new ArrayBlockingQueue<>(QUEUE_CHUNKS);
    BlockingQueue<Chunk> toClient = new ArrayBlockingQueue<>(QUEUE_CHUNKS);
    spawn("c>proxy", () -> read(client, toServer, true));
    spawn("proxy>s", () -> write(toServer, upstream, false));
    spawn("s>proxy", () -> read(upstream, toClient, false));
    spawn("proxy>c", () -> write(toClient, client, true));
    if (closed.get()) {
      interruptAll(); // closed while starting: make sure nothing keeps waiting
    }
  }

  void cutAfter(long bytes) {
    if (bytes == 0) {
      close(false);
    } else {
      cutAt = bytes < 0 ? -1 : deliveredToClient.get() + bytes;
    }
  }

  /** Closes both sockets (with a TCP reset if {@code reset}) and stops the threads. Idempotent. */
  void close(boolean reset) {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    for (Socket s : List.of(client, upstream)) {
      if (reset) {
        try {
          s.setSoLinger(true, 0);
        } catch (IOException ignored) {
          // already gone
        }
      }
      FaultProxy.closeQuietly(s);
    }
    interruptAll();
    proxy.forget(this);
  }

  private void read(Socket from, BlockingQueue<Chunk> queue, boolean fromClient) {
    byte[] buffer = new byte[CHUNK];
    try {
      InputStream in = from.getInputStream();
      for (int n; (n = in.read(buffer)) >= 0; ) {
        if (n == 0) {
          continue;
        }
        if (fromClient && serverSpoke.getAndSet(false)) {
          proxy.roundTrips.incrementAndGet();
        }
        queue.put(new Chunk(Arrays.copyOf(buffer, n), System.nanoTime() + proxy.latencyNanos));
      }
      queue.put(END);
    } catch (IOException | InterruptedException e) {
      close(false);
    }
  }

  private void write(BlockingQueue<Chunk> queue, Socket to, boolean toClient) {
    try {
      OutputStream out = to.getOutputStream();
      while (true) {
        Chunk chunk = queue.take();
        if (chunk == END) {
          to.shutdownOutput(); // pass the half-close on
          if (directionsEnded.incrementAndGet() == 2) {
            close(false);
          }
          return;
        }
        sleepUntil(chunk.dueNanos());
        if (proxy.blackhole) {
          continue;
        }
        byte[] data = chunk.data();
        int length = data.length;
        long cut = toClient ? cutAt : -1;
        boolean cutNow = cut >= 0 && deliveredToClient.get() + length >= cut;
        if (cutNow) {
          length = (int) Math.max(0, cut - deliveredToClient.get());
        }
        deliver(out, data, length, toClient);
        if (cutNow) {
          close(false);
          return;
        }
      }
    } catch (IOException | InterruptedException e) {
      close(false);
    }
  }

  /**
   * Writes {@code length} bytes, sliced and paced as the proxy's faults say. Pacing comes before
   * each write, so a bandwidth limit delays even the first bytes by their transmission time.
   */
  private void deliver(OutputStream out, byte[] data, int length, boolean toClient) throws IOException, InterruptedException {
    int slice = proxy.sliceSize;
    int step = slice > 0 ? slice : Math.max(1, length);
    for (int pos = 0; pos < length; pos += step) {
      int n = Math.min(step, length - pos);
      long rate = proxy.bytesPerSecond;
      long pause = (rate > 0 ? n * 1_000_000_000L / rate : 0) + (pos > 0 ? proxy.sliceDelayNanos : 0);
      if (pause > 0) {
        sleepUntil(System.nanoTime() + pause);
      }
      // count before the write: once written, the peer may act on the bytes (answer them, or ask
      // the proxy for its counters) before this thread runs again
      if (toClient) {
        serverSpoke.set(true);
        deliveredToClient.addAndGet(n);
      }
      (toClient ? proxy.bytesToClient : proxy.bytesToServer).addAndGet(n);
      out.write(data, pos, n);
    }
  }

  private static void sleepUntil(long dueNanos) throws InterruptedException {
    for (long left; (left = dueNanos - System.nanoTime()) > 0; ) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }

  private void spawn(String name, Runnable task) {
    threads.add(Thread.ofVirtual().name("sluice-fault-proxy " + name).start(task));
  }

  private void interruptAll() {
    threads.forEach(Thread::interrupt);
  }
}
