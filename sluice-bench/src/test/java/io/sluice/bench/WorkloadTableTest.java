package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The workload table against the data sets on a real server. */
@ServerTest
class WorkloadTableTest {
  /** PostgreSQL's name ({@code pg_type.typname}) of each column type. */
  private static final Map<ColumnType, String> TYPE_NAMES = Map.of(ColumnType.INT4, "int4", ColumnType.INT8, "int8",
      ColumnType.FLOAT8, "float8", ColumnType.NUMERIC, "numeric", ColumnType.TEXT, "text", ColumnType.BOOL, "bool",
      ColumnType.DATE, "date", ColumnType.TIMESTAMPTZ, "timestamptz", ColumnType.UUID, "uuid");

  @Test
  void namesAreUnique() {
    assertEquals(Workloads.names().size(), new HashSet<>(Workloads.names()).size());
  }

  @Test
  void declaredColumnTypesAreTheServersTypes() throws SQLException {
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""))) {
      for (Workload w : Workloads.all()) {
        if (w.kind().isCopy() || w.kind() == Workload.Kind.BATCH_INSERT) {
          continue;   // COPY and the batched insert return no result set; CopyWorkloadTest checks them
        }
        try (PreparedStatement ps = c.prepareStatement(w.jdbcSql())) {
          if (w.kind() != Workload.Kind.BULK) {
            ps.setInt(1, 1);
          }
          ps.setMaxRows(1);
          try (ResultSet rs = ps.executeQuery()) {
            ResultSetMetaData meta = rs.getMetaData();
            List<String> actual = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
              actual.add(meta.getColumnTypeName(i));
            }
            assertEquals(w.columns().stream().map(TYPE_NAMES::get).toList(), actual, w.name());
          }
        }
      }
    }
  }

  @Test
  void bulkWorkloadsReturnTheirRowCount() throws SQLException {
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""));
        Statement s = c.createStatement()) {
      for (Workload w : Workloads.all()) {
        if (w.kind() == Workload.Kind.BULK) {
          try (ResultSet rs = s.executeQuery("select count(*) from (" + w.sql() + ") s")) {
            rs.next();
            assertEquals(w.expectedRows(), rs.getLong(1), w.name());
          }
        }
      }
    }
  }

  @Test
  void everyPointIdNamesOneRow() throws SQLException {
    int[] ids = Workloads.pointIds();
    assertArrayEquals(ids, Workloads.pointIds(), "seeded: the same ids every time");
    assertEquals(Workloads.POINT_QUERIES, ids.length);
    int[] distinct = Arrays.stream(ids).distinct().toArray();
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""));
        PreparedStatement ps = c.prepareStatement("select count(*) from bench.t50k where id = any(?)")) {
      ps.setArray(1, c.createArrayOf("int4", Arrays.stream(distinct).boxed().toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        assertEquals(distinct.length, rs.getInt(1));
      }
    }
    for (Workload w : Workloads.all()) {
      if (w.name().startsWith("point-")) {
        assertArrayEquals(ids, w.ids(), w.name());
        assertEquals(ids.length, w.expectedRows(), w.name());
      }
    }
  }

  @Test
  void t50kTextColumnsAreHundredCharacters() throws SQLException {
    try (Connection c = DriverManager.getConnection(BenchServer.target().jdbcUrl(""));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select min(length(c1)), max(length(c9)) from bench.t50k")) {
      rs.next();
      assertEquals(100, rs.getInt(1));
      assertEquals(100, rs.getInt(2));
    }
  }

  @Test
  void loadingIsSkippedWhenTheVersionIsThere() throws SQLException {
    Target target = BenchServer.target();
    assertFalse(Datasets.ensure(target));
    try (Connection c = DriverManager.getConnection(target.jdbcUrl(""));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select version from bench.dataset")) {
      assertTrue(rs.next());
      assertEquals(Datasets.VERSION, rs.getInt(1));
      assertFalse(rs.next());
    }
  }
}
