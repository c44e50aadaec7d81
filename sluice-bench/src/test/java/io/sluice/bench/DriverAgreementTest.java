package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every driver folds every workload to the checksum computed independently of all of them
 * ({@link IndependentChecksum}), and that checksum is the one pinned here: the data sets are the
 * same on every server. A changed data set must bump {@link Datasets#VERSION} and these values.
 */
@ServerTest
class DriverAgreementTest {
  /** The checksum of each bulk workload over the data sets of {@link Datasets#VERSION} 1. */
  private static final Map<String, Long> PINNED = Map.of(
      "int1", 0x4fc2a6e2f89b8fcdL,
      "mixed9", 0xdd57689d589214cfL,
      "t50k", 0x2991be125ffdcb22L,
      "ts60", 0xb5cf841331f31894L,
      "t50k-rows", 0L,
      "ts60-rows", 0L);
  /** Point queries per point workload here: enough for repeats and for all 16 threads. */
  private static final int POINTS = 300;

  private static List<Driver> drivers;

  @BeforeAll
  static void open() throws Exception {
    drivers = Drivers.open(Drivers.names(), BenchServer.target());
  }

  @AfterAll
  static void close() throws Exception {
    if (drivers != null) {
      Drivers.closeAll(drivers, null);
    }
  }

  @Test
  void bulkWorkloads() throws Exception {
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""))) {
      for (Workload w : Workloads.all()) {
        if (w.kind() != Workload.Kind.BULK) {
          continue;
        }
        Fold expected = w.touchColumns() ? IndependentChecksum.bulk(c, w) : rowsOnly(w.expectedRows());
        assertEquals(w.expectedRows(), expected.rows(), w.name());
        if (PINNED.containsKey(w.name())) {
          assertEquals(hex(PINNED.get(w.name())), hex(expected.checksum()), w.name() + ": the data set changed");
        }
        for (Driver d : drivers) {
          assertAgrees(expected, d, w);
        }
      }
    }
  }

  @Test
  void pointWorkloads() throws Exception {
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""))) {
      for (Workload full : Workloads.all()) {
        if (!full.kind().isPoint()) {
          continue;
        }
        Workload w = Workload.points(full.name(), full.description(), full.kind(), full.sql(), full.columns(),
            Arrays.copyOf(full.ids(), POINTS), full.threads(), full.rowsPerQuery());
        Fold expected;
        if (w.sql().startsWith("insert")) {
          expected = new Fold();   // each insert returns its own id
          for (int i = 0; i < w.queryCount(); i++) {
            expected.add(Checksum.ofLong(w.id(i)));
            expected.endRow();
          }
        } else {
          expected = IndependentChecksum.points(c, w);
        }
        assertEquals((long) POINTS * full.rowsPerQuery(), expected.rows(), w.name());
        for (Driver d : drivers) {
          assertAgrees(expected, d, w);
        }
      }
    }
  }

  @Test
  void seed002VariantsAgreeAndLeaveNoRowBehind() throws Exception {
    int[] ids = Arrays.copyOf(Workloads.pointIds(), POINTS);
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""))) {
      for (Workload w : Workloads.seed002(ids)) {
        Fold expected;
        if (w.kind().isWrite()) {
          assertEquals(2, w.statements().size(), w.name());
          expected = new Fold();   // the insert and the delete each return the id
          for (int id : ids) {
            for (int k = 0; k < 2; k++) {
              expected.add(Checksum.ofLong(id));
              expected.endRow();
            }
          }
        } else {
          expected = IndependentChecksum.points(c, w);
        }
        assertEquals(w.expectedRows(), expected.rows(), w.name());
        int ran = 0;
        for (Driver d : drivers) {
          if (d.supports(w)) {
            assertAgrees(expected, d, w);
            ran++;
          }
        }
        assertTrue(ran >= 2, w.name() + " runs on Sluice and pgjdbc at least: " + ran);
      }
      try (java.sql.Statement s = c.createStatement();
          java.sql.ResultSet rs = s.executeQuery("select count(*) from bench.s002")) {
        rs.next();
        assertEquals(0, rs.getLong(1), "every insert was deleted again, every transaction committed");
      }
    }
  }

  @Test
  void printedRowsAreTheServersTextInEveryInterface() throws Exception {
    Workload w = Workloads.named("t50k-file");
    assertEquals(Workload.Output.FILE, w.output());
    String expected;
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""));
        java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("select md5(string_agg(concat_ws(E'\\t', id::text, c1, c2, c3, c4, c5,"
            + " c6, c7, c8, c9) || E'\\n', '')) from (" + w.sql() + ") t")) {
      rs.next();
      expected = rs.getString(1);
    }
    int printers = 0;
    for (Driver d : drivers) {
      if (!d.supports(w)) {
        continue;
      }
      java.nio.file.Path file = java.nio.file.Files.createTempFile("sluice-print-test-", ".txt");
      try {
        d.prepare(w);
        Fold fold = new Fold(file);
        d.run(w, fold);
        fold.finishOutput();
        assertEquals(w.expectedRows(), fold.rows(), d.name());
        byte[] text = java.nio.file.Files.readAllBytes(file);
        assertEquals(expected, hex(java.security.MessageDigest.getInstance("MD5").digest(text)),
            d.name() + " printed every row as the server's text (" + text.length + " bytes)");
        printers++;
      } finally {
        java.nio.file.Files.deleteIfExists(file);
      }
    }
    assertTrue(printers >= 5, "sluice, pgjdbc, vert.x and libpq print rows: " + printers);
    assertThrows(IllegalArgumentException.class, () -> Workloads.named("mixed9").printed("x", "x",
        Workload.Output.DEV_NULL), "only int4 and text columns are printed");
  }

  @Test
  void t10mIsMadeAtTheSizeAsked() throws Exception {
    Target target = BenchServer.target();
    Datasets.ensureT10m(target, 3_000);
    assertFalse(Datasets.ensureT10m(target, 3_000), "the same size is reused");
    assertTrue(Datasets.ensureT10m(target, 2_000), "another size is made again");
    Workload w = Workloads.t10m(2_000);
    assertEquals("t10m-2000", w.name());
    assertEquals("t10m", Workloads.t10m(Workloads.T10M_ROWS).name());
    try (Connection c = DriverManager.getConnection(target.jdbcUrl(""))) {
      Fold expected = IndependentChecksum.bulk(c, w);
      assertEquals(2_000, expected.rows());
      for (Driver d : drivers) {
        assertAgrees(expected, d, w);
      }
    }
  }

  private static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(String.format("%02x", b));
    }
    return s.toString();
  }

  private static void assertAgrees(Fold expected, Driver driver, Workload w) throws Exception {
    if (!driver.supports(w)) {
      return;   // e.g. vert.x does not connect per query here; CopyWorkloadTest and LabTest cover the rest
    }
    driver.prepare(w);
    Fold actual = new Fold();
    driver.run(w, actual);
    String who = w.name() + " on " + driver.name();
    assertEquals(expected.rows(), actual.rows(), who);
    assertEquals(hex(expected.checksum()), hex(actual.checksum()), who);
  }

  private static Fold rowsOnly(long rows) {
    Fold fold = new Fold();
    for (long i = 0; i < rows; i++) {
      fold.countRow();
    }
    return fold;
  }

  private static String hex(long value) {
    return String.format("%016x", value);
  }
}
