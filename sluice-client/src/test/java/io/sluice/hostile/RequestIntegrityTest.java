package io.sluice.hostile;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Batch;
import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Internals;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import io.sluice.ValueException;
import io.sluice.protocol.FrontendMessage;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.AbstractList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 17's promises on the request path, against the real server: a request leaves whole or not
 * at all; a dead session is found before a request is trusted to it; and a pattern that cannot
 * work fails at once, or within its bound, with an error that names it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class RequestIntegrityTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  static String url(String extra) {
    return (extra.contains("host=") ? "" : "host=" + pg.socketDirectory()) + " port=" + pg.port() + " user=" + pg.superuser() + " dbname="
        + pg.database() + " " + extra;
  }

  /** A list whose third element cannot be read: an application's lazy collection failing mid-encode. */
  static final class FailingList extends AbstractList<Integer> {
    private final Error error;

    FailingList(Error error) {
      this.error = error;
    }

    @Override
    public Integer get(int i) {
      if (i >= 2) {
        throw error;
      }
      return i;
    }

    @Override
    public int size() {
      return 3;
    }
  }

  @Test
  void anErrorWhileEncodingSendsNothingOfTheRequest() {
    // regression: the bytes encoded before the failure were sent, and the server read the rest of the
    // stream out of frame — a Query message inside a bytea parameter ran as a statement of its own
    byte[] smuggled = FrontendMessage.toBytes(new FrontendMessage.Query("insert into canary values (666)"));
    try (Connection c = Connection.open(url(""))) {
      c.execute("create temporary table canary (n int)");
      for (Error error : new Error[] {new OutOfMemoryError("Java heap space"), new StackOverflowError()}) {
        SluiceException e = assertThrows(SluiceException.class,
            () -> c.query("select $1::bytea, $2::int[]", smuggled, new FailingList(error)));
        assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome(), e.getMessage());
        assertSame(error, e.getCause());
        assertTrue(c.isOpen());
        assertEquals(0L, c.query("select count(*) from canary").get(0).getLong(0));
        assertEquals(42, c.query("select $1::int", 42).get(0).getInt(0));
      }
    }
  }

  @Test
  void aPipelinedNeighbourIsUntouchedByAnotherCallersFailedEncoding() throws Exception {
    try (Connection c = Connection.open(url(""))) {
      for (int round = 0; round < 50; round++) {
        int n = round;
        CompletableFuture<Integer> good = CompletableFuture.supplyAsync(
            () -> c.query("select $1::int + 1", n).get(0).getInt(0), r -> Thread.startVirtualThread(r));
        assertThrows(SluiceException.class,
            () -> c.query("select $1::int[]", new FailingList(new OutOfMemoryError("test"))));
        assertEquals(n + 1, good.get(10, TimeUnit.SECONDS));
      }
      assertTrue(c.isOpen());
    }
  }

  @Test
  void inABatchOnlyTheStatementThatCouldNotBeEncodedIsNotSent() {
    try (Connection c = Connection.open(url(""))) {
      c.execute("create temporary table batched (n int)");
      java.util.List<Batch.Item> items = c.batch()
          .add("insert into batched values ($1) returning n", 1)
          .add("insert into batched select unnest($1::int[]) returning 0", new FailingList(new OutOfMemoryError("t")))
          .add("insert into batched values ($1) returning n", 3)
          .run();
      assertTrue(items.get(0).ok());
      assertEquals(SluiceException.Outcome.NOT_SENT, items.get(1).error().outcome());
      assertTrue(items.get(2).ok());
      assertEquals(java.util.List.of(1, 3), c.query("select n from batched order by n").stream()
          .map(r -> r.getInt(0)).toList());
    }
  }

  @Test
  void parametersPastTheMessageLimitAreRefusedBeforeAnythingIsEncoded() {
    byte[] big = new byte[300 << 20];   // four of them make 1.2 GiB, past PostgreSQL's 1 GiB per message
    try (Connection c = Connection.open(url(""))) {
      ValueException e = assertThrows(ValueException.class,
          () -> c.query("select length($1::bytea) + length($2::bytea) + length($3::bytea) + length($4::bytea)",
              big, big, big, big));
      assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("limit"), e.getMessage());
      assertTrue(c.isOpen());
      assertEquals(7, c.query("select 7").get(0).getInt(0));
    }
  }

  @Test
  void aLargeStringIsSentIntactWithoutAnIntermediateCopy() {
    // past 64 KiB strings are encoded straight into the output buffer: every UTF-8 width must survive
    StringBuilder sb = new StringBuilder();
    while (sb.length() < 3_000_000) {
      sb.append("plain ascii, é ü, € ∑, \uD83D\uDE00 and more; ");
    }
    String s = sb.toString();
    try (Connection c = Connection.open(url(""))) {
      Row r = c.query("select length($1::text), octet_length($1::text), $1::text = $2::text", s, s).get(0);
      assertEquals(s.codePointCount(0, s.length()), r.getInt(0));
      assertEquals(s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length, r.getInt(1));
      assertTrue(r.getBoolean(2));
      ValueException lone = assertThrows(ValueException.class, () -> c.query("select $1::text", s + "\uD800"));
      assertEquals(SluiceException.Outcome.NOT_SENT, lone.outcome());
      assertTrue(c.isOpen());
    }
  }

  @Test
  void aStatementFromInsideItsOwnStreamFailsAtOnceAndNamesThePattern() {
    try (Connection c = Connection.open(url(""))) {
      ConnectionException e = assertThrows(ConnectionException.class,
          () -> c.forEach("select g from generate_series(1, 3) g", row -> c.query("select 1")));
      assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("inside a stream"), e.getMessage());
      assertEquals(2, c.query("select 2").get(0).getInt(0));

      try (RowStream rows = c.stream("select g from generate_series(1, 100) g", 10)) {
        assertTrue(rows.iterator().hasNext());
        ConnectionException inner = assertThrows(ConnectionException.class, () -> c.execute("select 1"));
        assertTrue(inner.getMessage().contains("inside a stream"), inner.getMessage());
      }
      assertEquals(3, c.query("select 3").get(0).getInt(0));

      c.transaction(tx -> {
        ConnectionException inTx = assertThrows(ConnectionException.class,
            () -> tx.forEach("select 1", row -> tx.execute("select 2")));
        assertTrue(inTx.getMessage().contains("inside a stream"), inTx.getMessage());
        return null;
      });
      assertTrue(c.isOpen());
    }
  }

  @Test
  void aStatementFromAThreadTheTransactionWaitsForFailsWithinPinTimeout() throws Exception {
    try (Connection c = Connection.open(url("pin_timeout=0.5"))) {
      Throwable seen = c.transaction(tx -> {
        tx.execute("select 1");
        // the transaction's thread waits for another thread that uses the connection directly
        CompletableFuture<Throwable> other = CompletableFuture.supplyAsync(() -> {
          try {
            c.query("select 2");
            return null;
          } catch (Throwable t) {
            return t;
          }
        }, r -> Thread.startVirtualThread(r));
        return other.get(30, TimeUnit.SECONDS);
      });
      ConnectionException e = assertInstanceOf(ConnectionException.class, seen);
      assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("pin_timeout"), e.getMessage());
      assertEquals(3, c.query("select 3").get(0).getInt(0));
    }
  }

  @Test
  void aTransactionLeftOpenByAThreadThatEndedFailsOthersAtOnce() throws Exception {
    try (Connection c = Connection.open(url("pin_timeout=60"))) {
      Thread t = Thread.startVirtualThread(() -> c.begin().execute("select 1"));
      t.join();
      long start = System.nanoTime();
      ConnectionException e = assertThrows(ConnectionException.class, () -> c.query("select 1"));
      assertTrue(e.getMessage().contains("ended without closing"), e.getMessage());
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "waited for pin_timeout instead");
    }
  }

  @Test
  void pinTimeoutMustBePositive() {
    ConfigException e = assertThrows(ConfigException.class, () -> ConnectionConfig.parse(url("pin_timeout=0")));
    assertTrue(e.getMessage().contains("pin_timeout"), e.getMessage());
  }

  @Test
  void aStatementToAnIdleConnectionWhoseBackendWasTerminatedIsNotSent() throws Exception {
    // over TCP the engine finds the FATAL before writing (idle past the probe's threshold) or as the
    // first reply; over a Unix socket, whose waiting bytes cannot be counted, the write fails and
    // the FATAL is read after it — every path must say "not sent"
    for (String transport : new String[] {"host=127.0.0.1 sslmode=disable", ""})
    for (boolean waitPastTheProbe : new boolean[] {true, false}) {
      try (Connection c = Connection.open(url(transport)); Connection admin = Connection.open(url(""))) {
        c.execute("create temporary table written (n int)");
        int pid = c.processId();
        assertTrue(admin.query("select pg_terminate_backend($1)", pid).get(0).getBoolean(0));
        awaitGone(admin, pid);
        if (waitPastTheProbe) {
          Thread.sleep(200);   // idle long enough that the engine looks for the FATAL before writing
        }
        ConnectionException e = assertThrows(ConnectionException.class,
            () -> c.execute("insert into written values (1)"));
        String where = "[" + transport + "] waited past the probe: " + waitPastTheProbe + ": ";
        assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome(), where + e.getMessage());
        assertFalse(c.isOpen(), where + e.getMessage());
      }
    }
  }

  @Test
  void aConnectionClosedOrResetWithoutAWordWhileIdleIsFoundBeforeAStatementIsWritten() throws Exception {
    // no FATAL here: the link ends with a bare FIN (a proxy, a NAT, a server that went away) or a
    // reset; the kernel's count of waiting bytes shows neither, a non-blocking read does
    for (boolean reset : new boolean[] {false, true}) {
      try (io.sluice.testkit.FaultProxy proxy = io.sluice.testkit.FaultProxy.start(pg.host(), pg.port());
          Connection c = Connection.open("host=" + proxy.host() + " port=" + proxy.port() + " user="
              + pg.superuser() + " dbname=" + pg.database() + " sslmode=disable")) {
        assertEquals(1, c.query("select 1").size());
        if (reset) {
          proxy.resetAll();
        } else {
          proxy.close();
        }
        Thread.sleep(200);   // idle long enough that the engine looks before writing
        ConnectionException e = assertThrows(ConnectionException.class, () -> c.execute("select 1"));
        assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome(), (reset ? "reset: " : "closed: ") + e.getMessage());
        assertFalse(c.isOpen());
      }
    }
  }

  @Test
  void runningOutOfMemoryWhileReadingClosesTheConnectionAndNoLaterCallWaits() {
    // regression: an OutOfMemoryError while rows were kept escaped the reader, the connection stayed
    // open with half a reply unread, and the next call waited past its query_timeout
    String sql = "select g from generate_series(1, $1) g";
    try (Connection c = Connection.open(url("query_timeout=5"))) {
      io.sluice.internal.rows.RowSink exhausted = (buf, off, len) -> {
        throw new OutOfMemoryError("test: no heap left to keep this row");
      };
      ConnectionException e = assertThrows(ConnectionException.class,
          () -> Internals.core(c).statements().query(sql, new Object[] {3}, exhausted, false, io.sluice.internal.engine.Deadline.NONE));
      assertEquals(SluiceException.Outcome.UNKNOWN, e.outcome());
      assertTrue(e.getMessage().contains("out of memory"), e.getMessage());
      assertFalse(c.isOpen());
      ConnectionException next = assertThrows(ConnectionException.class, () -> c.query(sql, 3));   // same statement
      assertEquals(SluiceException.Outcome.NOT_SENT, next.outcome());
    }
  }

  @Test
  void aBackendTerminatedWhileRunningAStatementLeavesItsOutcomeUnknown() throws Exception {
    try (Connection c = Connection.open(url("")); Connection admin = Connection.open(url(""))) {
      int pid = c.processId();
      CompletableFuture<Throwable> running = CompletableFuture.supplyAsync(() -> {
        try {
          c.query("select pg_sleep(20)");
          return null;
        } catch (Throwable t) {
          return t;
        }
      }, r -> Thread.startVirtualThread(r));
      // 'active' also covers the Parse and Describe of the statement's first use: wait until the
      // backend sleeps inside pg_sleep, so that the statement is surely running when it is ended
      for (int i = 0; i < 200 && admin.query("select 1 from pg_stat_activity where pid = $1 and wait_event = 'PgSleep'",
          pid).size() == 0; i++) {
        Thread.sleep(10);
      }
      admin.query("select pg_terminate_backend($1)", pid);
      ConnectionException e = assertInstanceOf(ConnectionException.class, running.get(30, TimeUnit.SECONDS));
      assertEquals(SluiceException.Outcome.UNKNOWN, e.outcome(), e.getMessage());
    }
  }

  static void awaitGone(Connection admin, int pid) throws InterruptedException {
    for (int i = 0; i < 500 && admin.query("select 1 from pg_stat_activity where pid = $1", pid).size() > 0; i++) {
      Thread.sleep(10);
    }
  }
}
