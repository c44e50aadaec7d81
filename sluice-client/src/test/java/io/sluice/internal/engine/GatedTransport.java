package io.sluice.internal.engine;

import io.sluice.internal.net.Transport;
import io.sluice.protocol.FrontendMessage;
import io.sluice.testkit.FrontendStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link MemoryTransport} whose writes a test can break: from some write on every write fails
 * ({@link #failWrites}), or the next one waits at a gate and then fails ({@link #blockThenFail}).
 * Records the first parameter of every Bind that reached the server, in order: which calls the
 * server was asked to run. A failed write passes nothing on.
 */
final class GatedTransport implements Transport {
  private final MemoryTransport memory;
  private final FrontendStream seen = new FrontendStream();
  private final List<String> bound = new CopyOnWriteArrayList<>();
  private final AtomicInteger attempts = new AtomicInteger();
  private volatile boolean failing;
  private volatile CountDownLatch gate;
  private final CountDownLatch atGate = new CountDownLatch(1);

  GatedTransport(MemoryTransport memory) {
    this.memory = memory;
  }

  /** Every write from now on fails. */
  void failWrites() {
    failing = true;
  }

  /**
   * The next write waits until the latch returned is counted down, then fails (and so does every
   * write after it). {@link #awaitAtGate} tells when a write is waiting.
   */
  CountDownLatch blockThenFail() {
    CountDownLatch g = new CountDownLatch(1);
    gate = g;
    return g;
  }

  /** Waits, bounded, until a write waits at the gate of {@link #blockThenFail}. */
  boolean awaitAtGate() throws InterruptedException {
    return atGate.await(10, TimeUnit.SECONDS);
  }

  /** Writes tried, failed ones included. */
  int writeAttempts() {
    return attempts.get();
  }

  /** The first parameter of every Bind the server received, in order. */
  List<String> bound() {
    return List.copyOf(bound);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    attempts.incrementAndGet();
    CountDownLatch g = gate;
    if (g != null) {
      gate = null;
      atGate.countDown();
      try {
        if (!g.await(10, TimeUnit.SECONDS)) {
          throw new IOException("the test never opened the gate");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted at the gate", e);
      }
      failing = true;
    }
    if (failing) {
      throw new IOException("Broken pipe (a write the test made fail)");
    }
    synchronized (seen) {
      seen.feed(b, off, len);
      FrontendMessage m;
      while ((m = seen.poll()) != null) {
        if (m instanceof FrontendMessage.Bind bind && bind.parameters().length > 0) {
          bound.add(new String(bind.parameters()[0], StandardCharsets.UTF_8));
        }
      }
    }
    memory.write(b, off, len);
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return memory.read(b, off, len);
  }

  @Override
  public void close() {
    memory.close();
  }

  @Override
  public boolean isOpen() {
    return memory.isOpen();
  }

  @Override
  public String describe() {
    return "memory (gated)";
  }
}
