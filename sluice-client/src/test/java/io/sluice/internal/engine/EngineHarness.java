package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.sluice.internal.statements.StatementRunner;
import io.sluice.protocol.BackendMessage.ParameterStatus;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.FakeDatabase.Definition;
import io.sluice.testkit.FakeDatabase.Result;
import io.sluice.testkit.Replies;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * One connection's engine over a {@link GatedTransport} and a fake server in the JVM, for the
 * engine's unit tests: no socket, no PostgreSQL. Its one statement, {@link #ECHO}, returns its
 * parameter as its one row, so every reply says whose it is; it is prepared on construction, so
 * that each call after is one exchange (Bind, Execute, Sync). The server's replies can be held
 * ({@link #holdReplies}) to keep requests in flight, and cancels are counted and may do something
 * ({@link #onCancel}).
 */
final class EngineHarness implements AutoCloseable {
  static final String ECHO = "select echo $1";
  static final FakeDatabase DB = new FakeDatabase().define(ECHO, new Definition(new int[] {FakeDatabase.TEXT},
      Replies.textColumns("tag"), p -> Result.rows(List.of(List.of(p.text(0))))));
  /** The bound on every wait of these tests. */
  static final long BOUND_MILLIS = 10_000;

  final MemoryTransport memory = new MemoryTransport(DB);
  final GatedTransport transport = new GatedTransport(memory);
  final ServerSession server = new ServerSession(transport, 64 * 1024, null);
  final StatementRunner statements;
  final AtomicInteger cancels = new AtomicInteger();
  private volatile Runnable onCancel = () -> { };

  EngineHarness(int pipelineDepth, long cancelTimeoutMillis, long pinTimeoutMillis) {
    Map.of("client_encoding", "UTF8", "server_version", "18.1", "integer_datetimes", "on",
        "standard_conforming_strings", "on").forEach((k, v) -> server.asynchronous(new ParameterStatus(k, v)));
    server.identify(null, "db", "user", (s, timeout) -> {
      cancels.incrementAndGet();
      onCancel.run();
      return true;
    });
    statements = new StatementRunner(server, new EngineSettings(pipelineDepth, 16,
        TimeUnit.MILLISECONDS.toNanos(cancelTimeoutMillis), TimeUnit.MILLISECONDS.toNanos(pinTimeoutMillis)), null);
    assertEquals("warm", echo("warm", Deadline.NONE));
  }

  /** Pipeline depth 16, the default waits (cancel_timeout 10 s, pin_timeout 30 s). */
  static EngineHarness standard() {
    return new EngineHarness(16, 10_000, 30_000);
  }

  RequestEngine engine() {
    return statements.engine();
  }

  /** Runs {@link #ECHO} with {@code tag}; returns the row's value. */
  String echo(String tag, Deadline deadline) {
    StringBuilder got = new StringBuilder();
    statements.query(ECHO, new Object[] {tag}, (b, off, len) -> got.append(firstColumn(b, off)), false, deadline);
    return got.toString();
  }

  /** {@link #echo} on a virtual thread of its own. */
  Call start(String tag, Deadline deadline) {
    Call c = new Call();
    c.thread = Thread.ofVirtual().name("call-" + tag).start(() -> {
      try {
        c.result = echo(tag, deadline);
      } catch (Throwable t) {
        c.thrown = t;
      }
    });
    return c;
  }

  /** Holds every reply of the server from now on, until {@link #releaseReplies}; then sends them all, correct. */
  void holdReplies() {
    memory.hold(Integer.MAX_VALUE, xs -> Replies.concat(xs.stream().map(Exchange::bytes).toList()));
  }

  /** Holds every reply of the server from now on; {@link #releaseReplies} sends {@code answer} of the held exchanges. */
  void holdReplies(Function<List<Exchange>, byte[]> answer) {
    memory.hold(Integer.MAX_VALUE, answer);
  }

  void releaseReplies() {
    memory.releaseHeld();
  }

  /** What a cancel does besides being counted (it runs on the thread that sends it). */
  void onCancel(Runnable r) {
    onCancel = r;
  }

  /** Exchanges the server received so far, the warm-up's included. */
  int exchanges() {
    return memory.exchanges();
  }

  /** Waits, bounded, until {@code n} exchanges in all reached the server. */
  void awaitExchanges(int n) throws InterruptedException {
    assertTrue(memory.awaitExchanges(n, TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS)), "the server never got exchange " + n);
  }

  /** Polls, bounded, until {@code condition} holds. */
  static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        fail("timed out waiting until " + what);
      }
      Thread.sleep(2);
    }
  }

  /** Waits, bounded, until {@code t} is parked (waiting for a lock, a condition or a permit). */
  static void awaitParked(Thread t) throws InterruptedException {
    await(t.getName() + " waits", () -> t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING);
  }

  @Override
  public void close() {
    transport.close();
  }

  /** The first value of a DataRow body: Int16 count, then Int32 length and the bytes. */
  private static String firstColumn(byte[] b, int off) {
    int len = (b[off + 2] & 0xff) << 24 | (b[off + 3] & 0xff) << 16 | (b[off + 4] & 0xff) << 8 | b[off + 5] & 0xff;
    return new String(b, off + 6, len, StandardCharsets.UTF_8);
  }

  /** A call on a thread of its own, and how it ended. */
  static final class Call {
    Thread thread;
    volatile String result;
    volatile Throwable thrown;

    /** Waits, bounded, for the call to return; what it threw, or null. */
    Throwable join() throws InterruptedException {
      thread.join(BOUND_MILLIS);
      assertTrue(!thread.isAlive(), thread.getName() + " never returned");
      return thrown;
    }
  }
}
