package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.CopyFormat;
import io.sluice.CopyIn;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.ValueException;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** COPY in and out, every way in, against the real server. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class CopyTest {
  static final int MILLION = 1_000_000;
  static PostgresServer pg;
  static Connection c;

  @BeforeAll
  static void connect() {
    pg = PostgresServer.shared();
    c = Connection.open(pg.conninfo(""));
    c.simpleQuery("drop table if exists copy_t; create table copy_t (id int8, name text, n numeric, at timestamptz,"
        + " ok bool)");
  }

  @AfterAll
  static void close() {
    c.simpleQuery("drop table if exists copy_t");
    c.close();
  }

  @BeforeEach
  void empty() {
    c.execute("truncate copy_t");
  }

  long count() {
    return count("copy_t");
  }

  long count(String table) {
    return c.query("select count(*) from " + table).get(0).getLong(0);
  }

  /** Rows made on demand, so a million of them take no memory. */
  static Iterable<Object[]> rows(int n) {
    return () -> new Iterator<>() {
      int i;

      @Override
      public boolean hasNext() {
        return i < n;
      }

      @Override
      public Object[] next() {
        i++;
        return new Object[] {(long) i, "name " + i, BigDecimal.valueOf(i, 2), Instant.ofEpochSecond(1_700_000_000L + i),
            i % 2 == 0};
      }
    };
  }

  @ParameterizedTest
  @EnumSource(CopyFormat.class)
  void aMillionRowsRoundTrip(CopyFormat format) throws Exception {
    List<String> cols = List.of("id", "name", "n", "at", "ok");
    assertEquals(MILLION, c.copy().fromRows("copy_t", cols, format, rows(MILLION)));
    Row sums = c.query("select count(*), sum(id), sum(n), sum(length(name)), count(*) filter (where ok),"
        + " max(at) from copy_t").get(0);
    assertEquals(MILLION, sums.getLong(0));
    assertEquals((long) MILLION * (MILLION + 1) / 2, sums.getLong(1));
    assertEquals(BigDecimal.valueOf((long) MILLION * (MILLION + 1) / 2, 2), sums.getBigDecimal(2));
    assertEquals(MILLION / 2, sums.getLong(4));
    assertEquals(Instant.ofEpochSecond(1_700_000_000L + MILLION), sums.getInstant(5));
    // out again, decoded from the binary format, and as text
    AtomicLong ids = new AtomicLong();
    AtomicLong seen = new AtomicLong();
    long out = c.copy().toRows("select id, name, n, at, ok from copy_t", r -> {
      ids.addAndGet(r.getLong(0));
      if (r.getLong(0) == 77) {
        assertEquals("name 77", r.getString(1));
        assertEquals(new BigDecimal("0.77"), r.getBigDecimal("n"));
        assertFalse(r.getBoolean(4));
      }
      seen.incrementAndGet();
    });
    assertEquals(MILLION, out);
    assertEquals(MILLION, seen.get());
    assertEquals((long) MILLION * (MILLION + 1) / 2, ids.get());
    CountingStream text = new CountingStream();
    assertEquals(MILLION, c.copy().to("copy copy_t to stdout (format " + format.name().toLowerCase()
        + (format == CopyFormat.BINARY ? "" : ", header false") + ")", text));
    if (format != CopyFormat.BINARY) {
      assertEquals(MILLION, text.newlines);
    }
  }

  static final class CountingStream extends OutputStream {
    long bytes;
    long newlines;

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
      for (int i = off; i < off + len; i++) {
        newlines += b[i] == '\n' ? 1 : 0;
      }
    }
  }

  @ParameterizedTest
  @EnumSource(CopyFormat.class)
  void awkwardValuesSurviveEveryFormat(CopyFormat format) {
    List<Object[]> rows = new ArrayList<>();
    String[] names = {"tab\there", "new\nline", "back\\slash", "quote\"d", "comma,sep", "", "\\.", "ünïcødé ☃", null,
        "cr\rlf\r\n"};
    for (int i = 0; i < names.length; i++) {
      rows.add(new Object[] {(long) i, names[i], null, null, null});
    }
    c.copy().fromRows("copy_t", List.of("id", "name", "n", "at", "ok"), format, rows);
    RowSet back = c.query("select name, n is null and at is null and ok is null from copy_t order by id");
    assertEquals(names.length, back.size());
    for (int i = 0; i < names.length; i++) {
      assertEquals(names[i], back.get(i).getString(0), "row " + i + " in " + format);
      assertTrue(back.get(i).getBoolean(1));
    }
  }

  /**
   * COPYs back to back on one connection: the next one starts while the helper thread that read
   * the last one's replies may still hold the read lock. That helper's successor must be the one
   * woken when it lets go (a lost wake-up here once hung the lab's results store).
   */
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void manyCopiesInARowEachFinish() {
    List<Object[]> one = List.of(new Object[] {1L, "a"}, new Object[] {2L, "b"});
    for (int i = 0; i < 2_000; i++) {
      assertEquals(2, c.copy().fromRows("copy_t", List.of("id", "name"), CopyFormat.BINARY, one), "copy " + i);
    }
    assertEquals(4_000, count());
  }

  @Test
  void binaryRowsTakeAnyNumberTheColumnHoldsExactly() {
    c.simpleQuery("drop table if exists copy_n; create table copy_n (s int2, i int4, b int8, n numeric, f4 float4, f8 float8)");
    try {
      List<Object[]> rows = List.of(
          new Object[] {7L, 2_000_000_000L, 5, 12L, 0.5d, 3},
          new Object[] {(byte) -3, new java.math.BigInteger("42"), (short) 1, new java.math.BigInteger("123456789012345678901234567890"), 16_777_216L, 1.25f});
      assertEquals(2, c.copy().fromRows("copy_n", List.of("s", "i", "b", "n", "f4", "f8"), CopyFormat.BINARY, rows));
      assertEquals("7,2000000000,5,12,0.5,3|-3,42,1,123456789012345678901234567890,1.6777216e+07,1.25",
          String.join("|", c.query("select concat_ws(',', s, i, b, n, f4, f8) from copy_n order by s desc").stream()
              .map(r -> r.getString(0)).toList()));
      ValueException range = assertThrows(ValueException.class, () -> c.copy().fromRows("copy_n", List.of("i"),
          CopyFormat.BINARY, List.<Object[]>of(new Object[] {1L}, new Object[] {3_000_000_000L})));
      assertTrue(range.getMessage().contains("row 2, column i: 3000000000 is out of range for integer"), range.getMessage());
      ValueException inexact = assertThrows(ValueException.class, () -> c.copy().fromRows("copy_n", List.of("f4"),
          CopyFormat.BINARY, List.<Object[]>of(new Object[] {0.1d})));
      assertTrue(inexact.getMessage().contains("column f4"), inexact.getMessage());
      assertEquals(2, count("copy_n"));
    } finally {
      c.simpleQuery("drop table if exists copy_n");
    }
  }

  @Test
  void fromStreamsAndToWriters() {
    String csv = "1,apple,1.5,2024-01-01T00:00:00Z,t\n2,\"pe,ar\",,,f\n3,☃ snow,,,\n";
    assertEquals(3, c.copy().from("copy copy_t from stdin (format csv)", new StringReader(csv)));
    String text = "4\tkiwi\t\\N\t\\N\tt\n";
    assertEquals(1, c.copy().from("copy copy_t from stdin", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))));
    StringWriter w = new StringWriter();
    assertEquals(4, c.copy().to("copy (select id, name from copy_t order by id) to stdout (format csv)", w));
    assertEquals("1,apple\n2,\"pe,ar\"\n3,☃ snow\n4,kiwi\n", w.toString());
    try (CopyIn in = c.copy().open("copy copy_t (id, name) from stdin")) {
      byte[] line = "5\tfig\n".getBytes(StandardCharsets.UTF_8);
      in.write(line, 0, 3);   // a row split across writes
      in.write(line, 3, line.length - 3);
      assertEquals(1, in.finish());
      assertThrows(IllegalStateException.class, () -> in.write(line));
    }
    assertEquals(5, count());
  }

  @Test
  void aBadRowInTheMiddleFailsTheWholeCopyAndTheConnectionGoesOn() {
    StringBuilder data = new StringBuilder();
    for (int i = 1; i <= 20_000; i++) {
      data.append(i == 10_000 ? "not-a-number" : String.valueOf(i)).append("\tx\n");
    }
    ServerException e = assertThrows(ServerException.class, () -> c.copy().from("copy copy_t (id, name) from stdin",
        new ByteArrayInputStream(data.toString().getBytes(StandardCharsets.UTF_8))));
    assertEquals("22P02", e.sqlState());
    assertEquals(SluiceException.Outcome.SERVER_ERROR, e.outcome());
    assertEquals(0, count());
    ValueException bad = assertThrows(ValueException.class, () -> c.copy().fromRows("copy_t", List.of("id"),
        CopyFormat.BINARY, List.of(new Object[] {1L}, new Object[] {"two"})));
    assertTrue(bad.getMessage().contains("row 2, column id"), bad.getMessage());
    assertEquals(0, count());
    assertEquals(1, c.query("select 1").size());
  }

  @Test
  void aFailingSourceAbandonsTheCopy() {
    InputStream failing = new InputStream() {
      int n;

      @Override
      public int read() throws IOException {
        if (n++ < 100_000) {
          return n % 10 == 0 ? '\n' : '7';
        }
        throw new IOException("disk on fire");
      }
    };
    UncheckedIOException e = assertThrows(UncheckedIOException.class,
        () -> c.copy().from("copy copy_t (id) from stdin", failing));
    assertTrue(e.getMessage().contains("disk on fire"), e.getMessage());
    assertEquals(1, e.getSuppressed().length, "the server's answer to CopyFail is attached");
    assertEquals(0, count());
    try (CopyIn in = c.copy().open("copy copy_t (id) from stdin")) {
      in.write("1\n2\n".getBytes(StandardCharsets.UTF_8));
      in.cancel("changed my mind");
    }
    assertEquals(0, count());
    assertEquals(1, c.query("select 1").size());
  }

  @Test
  void aFailingTargetStopsTheCopyOut() {
    c.copy().fromRows("copy_t", List.of("id", "name", "n", "at", "ok"), CopyFormat.BINARY, rows(200_000));
    OutputStream failing = new OutputStream() {
      long n;

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        n += len;
        if (n > 100_000) {
          throw new IOException("pipe closed");
        }
      }
    };
    UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> c.copy().to("copy copy_t to stdout", failing));
    assertTrue(e.getMessage().contains("pipe closed"), e.getMessage());
    assertEquals(200_000, count(), "the connection is clean after the cancelled COPY");
  }

  @Test
  void wrongStatementsAreClearErrors() {
    ValueException notIn = assertThrows(ValueException.class, () -> c.copy().from("select 1", new ByteArrayInputStream(new byte[0])));
    assertTrue(notIn.getMessage().contains("not a COPY"), notIn.getMessage());
    ValueException notOut = assertThrows(ValueException.class, () -> c.copy().to("select 1", new ByteArrayOutputStream()));
    assertTrue(notOut.getMessage().contains("not a COPY"), notOut.getMessage());
    ServerException missing = assertThrows(ServerException.class,
        () -> c.copy().from("copy no_such_table from stdin", new ByteArrayInputStream(new byte[0])));
    assertEquals("42P01", missing.sqlState());
    assertThrows(ValueException.class, () -> c.copy().fromRows("copy_t", List.of("bad\0name"), CopyFormat.TEXT, List.of()));
    assertEquals(1, c.query("select 1").size());
  }

  /** {@code n} virtual threads each querying {@code select i} on the shared connection. */
  static List<CompletableFuture<Integer>> queryFromOtherThreads(int n) {
    List<CompletableFuture<Integer>> others = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int v = i;
      others.add(CompletableFuture.supplyAsync(() -> c.query("select $1::int4", v).get(0).getInt(0),
          r -> Thread.startVirtualThread(r)));
    }
    return others;
  }

  @Test
  void copyIsABarrierForOtherCallers() throws Exception {
    List<CompletableFuture<Integer>> others;
    try (CopyIn in = c.copy().open("copy copy_t (id) from stdin")) {
      others = queryFromOtherThreads(20);
      Thread.sleep(100);
      assertTrue(others.stream().noneMatch(CompletableFuture::isDone), "nothing runs while the COPY is open");
      in.write("1\n".getBytes(StandardCharsets.UTF_8));
      assertEquals(1, in.finish());
    }
    for (int i = 0; i < 20; i++) {
      assertEquals(i, others.get(i).get(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void callersReleasedByTheEndOfACopyAreAlwaysSent() throws Exception {
    // the server can answer CopyDone before the COPY's own write returns; callers queued behind
    // the COPY must still be written then (a lost flush left them waiting for ever)
    for (int round = 0; round < 50; round++) {
      List<CompletableFuture<Integer>> others;
      try (CopyIn in = c.copy().open("copy copy_t (id) from stdin")) {
        others = queryFromOtherThreads(20);
        Thread.sleep(2);
        in.write("1\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, in.finish());
      }
      for (int i = 0; i < 20; i++) {
        assertEquals(i, others.get(i).get(10, TimeUnit.SECONDS), "round " + round + ", caller " + i);
      }
    }
  }

  @Test
  void aCutConnectionMidCopyFailsWithAnUnknownOutcomeInBothDirections() throws Exception {
    c.copy().fromRows("copy_t", List.of("id", "name", "n", "at", "ok"), CopyFormat.BINARY, rows(300_000));
    try (FaultProxy proxy = FaultProxy.start(pg.host(), pg.port())) {
      String tcp = "host=127.0.0.1 port=" + proxy.port() + " user=" + pg.superuser() + " dbname=" + pg.database()
          + " sslmode=disable";
      try (Connection t = Connection.open(tcp)) {
        proxy.cutAfter(2_000_000);
        SluiceException e = assertThrows(SluiceException.class, () -> t.copy().to("copy copy_t to stdout",
            OutputStream.nullOutputStream()));
        assertEquals(SluiceException.Outcome.UNKNOWN, e.outcome(), e.toString());
        assertFalse(t.isOpen());
      }
      proxy.clearFaults();
      try (Connection t = Connection.open(tcp)) {
        long start = proxy.bytesToServer();
        Thread cutter = Thread.startVirtualThread(() -> {   // the proxy cuts by client-bound bytes; cut by hand
          for (int i = 0; i < 10_000 && proxy.bytesToServer() - start < 2_000_000; i++) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
          }
          proxy.resetAll();
        });
        SluiceException e = assertThrows(SluiceException.class, () -> t.copy().fromRows("copy_t", List.of("id", "name",
            "n", "at", "ok"), CopyFormat.TEXT, rows(MILLION)));
        cutter.join();
        assertEquals(SluiceException.Outcome.UNKNOWN, e.outcome(), e.toString());
        assertFalse(t.isOpen());
      }
    }
    assertEquals(300_000, count(), "the cut COPY in left nothing behind");
  }

  /**
   * COPY with the client's data as an ordinary statement would stall everything pipelined behind
   * it: refused before anything is sent, pointing at the COPY API; the connection stays usable and
   * server-side COPY still runs as a statement.
   */
  @Test
  void copyWithTheClientsDataThroughQueryIsRefusedBeforeSending() {
    c.execute("create temp table copy_refused (a int)");
    for (String sql : List.of("copy copy_refused from stdin", "COPY (select 1) TO STDOUT")) {
      ValueException e = assertThrows(ValueException.class, () -> c.query(sql), sql);
      assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("COPY API"), e.getMessage());
      assertThrows(ValueException.class, () -> c.execute(sql), "refused again, not cached as usable: " + sql);
    }
    assertTrue(c.isOpen());
    assertEquals(1, c.query("select 1").size());
    assertEquals(1, c.copy().from("copy copy_refused from stdin", new ByteArrayInputStream("7\n".getBytes())));
    assertEquals(7, c.query("select a from copy_refused").get(0).getInt(0));
  }

  /** pgjdbc's CopyTest.lockReleaseOnCancelFailure: the backend ends during the COPY; writing goes on no longer. */
  @Test
  void writingAfterTheBackendEndedThrowsInsteadOfDroppingTheData() throws Exception {
    try (Connection own = Connection.open(pg.conninfo("")); Connection admin = Connection.open(pg.conninfo(""))) {
      own.simpleQuery("create temp table copy_gone (a int, b int)");
      int pid = own.processId();
      CopyIn in = own.copy().open("copy copy_gone from stdin (format csv)");
      admin.query("select pg_terminate_backend($1)", pid);
      byte[] rows = ",,\n".repeat(1000).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      SluiceException e = assertThrows(SluiceException.class, () -> {
        for (int i = 0; i < 100_000; i++) {   // bounded: the server's end must show well before
          in.write(rows);
        }
      });
      assertTrue(e instanceof ServerException || e instanceof io.sluice.ConnectionException, e.toString());
      assertThrows(IllegalStateException.class, () -> in.write(rows), "the COPY is over");
    }
  }
}
