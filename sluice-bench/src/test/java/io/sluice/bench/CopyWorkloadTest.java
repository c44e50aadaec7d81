package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The COPY workloads on every interface that runs them: COPY out, every interface reads the same
 * lines and bytes; COPY in, every interface leaves exactly CopyData's rows in the table.
 */
@ServerTest
class CopyWorkloadTest {
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

  static List<Driver> supporting(Workload w) {
    return drivers.stream().filter(d -> d.supports(w)).toList();
  }

  @Test
  void copyOutReadsTheSameBytesEverywhere() throws Exception {
    Workload w = Workloads.named("copy-out");
    List<Driver> ds = supporting(w);
    assertEquals(List.of("pgjdbc", "sluice", "libpq", "psql"), ds.stream().map(Driver::name).toList());
    long bytes;
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select sum(octet_length(id::text) + octet_length(name) + octet_length(amount::text)"
            + " + octet_length(at::text) + 4) from bench.c1m")) {
      rs.next();
      bytes = rs.getLong(1);   // four values, three tabs and a newline per line (nothing here needs escaping)
    }
    for (Driver d : ds) {
      Fold f = new Fold();
      d.prepare(w);
      d.run(w, f);
      assertEquals(CopyData.ROWS, f.rows(), d.name());
      assertEquals(bytes, f.checksum(), d.name() + " read every byte");
    }
  }

  @Test
  void t50kByCopyReadsTheSameBytesAsTheServerWrites() throws Exception {
    Workload w = Workloads.named("t50k-copy");
    long bytes;
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select sum(octet_length(concat_ws(E'\\t', " + String.join(", ",
            "id::text", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9") + ")) + 1) from bench.t50k")) {
      rs.next();
      bytes = rs.getLong(1);   // md5 hex has nothing COPY escapes
    }
    List<Driver> ds = supporting(w);
    assertEquals(List.of("pgjdbc", "sluice", "libpq", "psql"), ds.stream().map(Driver::name).toList());
    for (Driver d : ds) {
      Fold f = new Fold();
      d.prepare(w);
      d.run(w, f);
      assertEquals(50_000, f.rows(), d.name());
      assertEquals(bytes, f.checksum(), d.name() + " read every byte");
    }
  }

  @Test
  void copyInLeavesExactlyTheRows() throws Exception {
    for (String name : List.of("copy-in-100k", "copy-in")) {
      Workload w = Workloads.named(name);
      List<Driver> ds = supporting(w);
      assertEquals(List.of("pgjdbc", "vertx", "sluice", "libpq", "psql"), ds.stream().map(Driver::name).toList(), name);
      for (Driver d : ds) {
        Fold f = new Fold();
        d.prepare(w);
        d.run(w, f);
        assertTableHolds(w, 1, f, name + " on " + d.name());
      }
    }
  }

  /** Each run of batch-insert adds the rows (the table is emptied once, in prepare): twice, twice the rows. */
  @Test
  void batchInsertAddsExactlyTheRowsEachRun() throws Exception {
    Workload w = Workloads.named("batch-insert");
    List<Driver> ds = supporting(w);
    assertEquals(List.of("pgjdbc", "pgjdbc-binary", "sluice-jdbc", "vertx", "sluice"),
        ds.stream().map(Driver::name).toList());
    for (Driver d : ds) {
      d.prepare(w);
      for (int run = 1; run <= 2; run++) {
        Fold f = new Fold();
        d.run(w, f);
        assertTableHolds(w, run, f, "batch-insert on " + d.name() + ", run " + run);
      }
    }
  }

  /** The table holds {@code copies} times the workload's rows, every value exact; the fold reports one copy. */
  private static void assertTableHolds(Workload w, int copies, Fold f, String who) throws Exception {
    int n = Math.toIntExact(w.expectedRows());
    long ids = 0;
    long nameLengths = 0;
    BigDecimal amounts = BigDecimal.ZERO;
    long micros = 0;
    for (Object[] r : CopyData.rows(n)) {
      ids += (Long) r[0];
      nameLengths += ((String) r[1]).length();
      amounts = amounts.add((BigDecimal) r[2]);
      OffsetDateTime at = (OffsetDateTime) r[3];
      micros += (at.toEpochSecond() * 1_000_000L + at.getNano() / 1000) % 1_000_003;
    }
    assertEquals(n, f.rows(), who + " reports the rows written");
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select count(*), sum(id), sum(length(name)), sum(amount),"
            + " sum((extract(epoch from at) * 1000000)::int8 % 1000003) from " + CopyData.TABLE_IN)) {
      rs.next();
      assertEquals((long) n * copies, rs.getLong(1), who);
      assertEquals(ids * copies, rs.getLong(2), who);
      assertEquals(nameLengths * copies, rs.getLong(3), who);
      assertEquals(0, amounts.multiply(BigDecimal.valueOf(copies)).compareTo(rs.getBigDecimal(4)), who);
      assertEquals(micros * copies, rs.getLong(5), who + ": every timestamp to the microsecond");
    }
  }
}
