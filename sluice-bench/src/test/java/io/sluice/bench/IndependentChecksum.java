package io.sluice.bench;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.UUID;

/**
 * A workload's checksum computed without any driver's decoding: the server turns each value into
 * the text of its canonical form (epoch microseconds, days since 1970, …) and this class parses
 * that text with the JDK alone. The drivers must fold to the same number.
 */
final class IndependentChecksum {
  private IndependentChecksum() {}

  /** The fold of every row of a bulk workload. */
  static Fold bulk(Connection c, Workload workload) throws SQLException {
    String sql = "select " + canonicalColumns(c, workload) + " from (" + workload.sql() + ") s";
    Fold fold = new Fold();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      foldAll(rs, workload, fold);
    }
    return fold;
  }

  /** The fold of every point query of a point workload, one query per id as the drivers run them. */
  static Fold points(Connection c, Workload workload) throws SQLException {
    String sql = "select " + canonicalColumns(c, workload) + " from (" + workload.jdbcSql() + ") s";
    Fold fold = new Fold();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < workload.queryCount(); i++) {
        ps.setInt(1, workload.id(i));
        try (ResultSet rs = ps.executeQuery()) {
          foldAll(rs, workload, fold);
        }
      }
    }
    return fold;
  }

  private static void foldAll(ResultSet rs, Workload workload, Fold fold) throws SQLException {
    List<ColumnType> types = workload.columns();
    while (rs.next()) {
      for (int i = 0; i < types.size(); i++) {
        String text = rs.getString(i + 1);
        fold.add(text == null ? Checksum.NULL : parse(types.get(i), text));
      }
      fold.endRow();
    }
  }

  private static long parse(ColumnType type, String text) {
    return switch (type) {
      case INT4, INT8, DATE, TIMESTAMPTZ -> Checksum.ofLong(Long.parseLong(text));
      case FLOAT8 -> Checksum.ofDouble(Double.parseDouble(text));
      case NUMERIC -> Checksum.ofBigDecimal(new BigDecimal(text));
      case TEXT -> Checksum.ofString(text);
      case BOOL -> Checksum.ofBoolean(switch (text) {
        case "true" -> true;
        case "false" -> false;
        default -> throw new IllegalArgumentException("bool as text: " + text);
      });
      case UUID -> Checksum.ofUuid(UUID.fromString(text));
    };
  }

  /** Each column of the workload's result as the text of its canonical form, in order. */
  private static String canonicalColumns(Connection c, Workload workload) throws SQLException {
    List<String> names = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("select * from (" + workload.jdbcSql() + ") s limit 0")) {
      if (workload.kind() != Workload.Kind.BULK) {
        ps.setInt(1, 0);
      }
      try (ResultSet rs = ps.executeQuery()) {
        ResultSetMetaData meta = rs.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          names.add(meta.getColumnName(i));
        }
      }
    }
    StringJoiner columns = new StringJoiner(", ");
    for (int i = 0; i < names.size(); i++) {
      String col = "s." + names.get(i);
      columns.add(switch (workload.columns().get(i)) {
        case DATE -> "(" + col + " - date '1970-01-01')::text";
        case TIMESTAMPTZ -> "(extract(epoch from " + col + ") * 1000000)::int8::text";
        default -> col + "::text";
      });
    }
    return columns.toString();
  }
}
