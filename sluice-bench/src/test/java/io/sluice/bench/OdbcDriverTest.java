package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ODBC interface (unixODBC + psqlODBC, both fetch methods) folds the same rows to the same
 * checksum as libpq on seed 003's cases: a wide result, every type, point queries, a connection per
 * query, over TCP and over the Unix socket; and its cursor mode really reads through a cursor.
 */
@Timeout(300)
@ServerTest
class OdbcDriverTest {
  private static final List<String> ODBC = List.of("odbc", "odbc-cursor");
  private static Target tcp;
  private static Driver libpq;

  @BeforeAll
  static void open() throws Exception {
    tcp = BenchServer.target();
    libpq = Drivers.open(List.of("libpq"), tcp).get(0);
  }

  @AfterAll
  static void close() throws Exception {
    if (libpq != null) {
      libpq.close();
    }
  }

  @Test
  void wideResultsAndEveryTypeAgreeWithLibpq() throws Exception {
    for (String name : List.of("t50k", "t50k-rows", "mixed9", "json50k")) {
      assertAgree(Workloads.named(name), tcp, ODBC);
    }
  }

  /** psqlODBC's ANSI driver passes the server's UTF-8 through: characters of 2, 3 and 4 bytes hash as in Java. */
  @Test
  void textBeyondAsciiAgreesWithLibpq() throws Exception {
    String text = "grüße, 象, 🐘";
    Workload w = Workload.bulk("utf8", "text of 2, 3 and 4-byte characters",
        "select $$" + text + "$$::text union all select null::text", List.of(ColumnType.TEXT), 2);
    assertAgree(w, tcp, ODBC);
    Fold expected = new Fold();
    expected.add(Checksum.ofString(text));
    expected.endRow();
    expected.add(Checksum.NULL);
    expected.endRow();
    Fold libpqFold = new Fold();
    libpq.run(w, libpqFold);
    assertEquals(expected.checksum(), libpqFold.checksum(), "libpq, the reference, reads the text as Java does");
  }

  @Test
  void pointQueriesAndConnectPerQueryAgreeWithLibpq() throws Exception {
    assertAgree(cut(Workloads.named("point-seq"), 300), tcp, ODBC);
    assertAgree(cut(Workloads.named("connect-per-query"), 20), tcp, List.of("odbc"));
  }

  @Test
  void theUnixSocketGivesTheSameRows() throws Exception {
    Target unix = tcp.viaUnixSocket(PostgresServer.shared().socketDirectory().toString());
    assertAgree(Workloads.named("t50k"), unix, ODBC);
    assertAgree(cut(Workloads.named("point-seq"), 100), unix, ODBC);
  }

  @Test
  void printedRowsAreTheSameFileAsLibpqs() throws Exception {
    Workload w = Workloads.named("t50k-file");
    byte[] reference = printed(libpq, w);
    for (Driver d : Drivers.open(ODBC, tcp)) {
      try (d) {
        assertTrue(Arrays.equals(reference, printed(d, w)), d.name() + " printed the rows as libpq did");
      }
    }
  }

  /** Inside psqlODBC's cursor mode the query runs as a DECLARE: pg_cursors sees it; in the normal mode, not. */
  @Test
  void theCursorModeReadsThroughACursor() throws Exception {
    Workload cursors = Workload.bulk("cursors", "open cursors seen by the query itself",
        "select count(*)::int4 from pg_cursors", List.of(ColumnType.INT4), 1);
    for (Driver d : Drivers.open(ODBC, tcp)) {
      try (d) {
        Fold fold = new Fold();
        d.run(cursors, fold);
        Fold expected = new Fold();
        expected.add(Checksum.ofLong(d.name().equals("odbc-cursor") ? 1 : 0));
        expected.endRow();
        assertEquals(expected.checksum(), fold.checksum(), d.name() + ": cursors open while its query ran");
      }
    }
  }

  private static byte[] printed(Driver d, Workload w) throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("sluice-odbc-print-", ".txt");
    try {
      Fold fold = new Fold(file);
      d.run(w, fold);
      fold.finishOutput();
      assertEquals(w.expectedRows(), fold.rows(), d.name());
      return java.nio.file.Files.readAllBytes(file);
    } finally {
      java.nio.file.Files.deleteIfExists(file);
    }
  }

  static Workload cut(Workload w, int queries) {
    return Workload.points(w.name(), w.description(), w.kind(), w.sql(), w.columns(),
        Arrays.copyOf(w.ids(), queries), w.threads(), w.rowsPerQuery());
  }

  /** Each named driver, opened on {@code target}, folds {@code w} as libpq does over TCP. */
  static void assertAgree(Workload w, Target target, List<String> names) throws Exception {
    Fold expected = new Fold();
    libpq.run(w, expected);
    assertEquals(w.expectedRows(), expected.rows(), w.name() + " on libpq");
    for (Driver d : Drivers.open(names, target)) {
      try (d) {
        d.prepare(w);
        Fold actual = new Fold();
        d.run(w, actual);
        String who = w.name() + " on " + d.name() + " via " + target.host();
        assertEquals(expected.rows(), actual.rows(), who);
        assertEquals(Long.toHexString(expected.checksum()), Long.toHexString(actual.checksum()), who);
        assertTrue(d.lastTiming().wallNanos() > 0 && d.lastTiming().cpuNanos() >= 0, who + ": its own clocks");
      }
    }
  }
}
