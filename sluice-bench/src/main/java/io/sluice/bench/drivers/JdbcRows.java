package io.sluice.bench.drivers;

import io.sluice.bench.Checksum;
import io.sluice.bench.ColumnType;
import io.sluice.bench.Fold;
import io.sluice.bench.Workload;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Reads JDBC result sets the way a careful application does: the typed getter per column. */
final class JdbcRows {
  private JdbcRows() {}

  /** Reads every remaining row of {@code rs} into {@code fold}, values too when the workload says so. */
  static void readAll(ResultSet rs, Workload workload, Fold fold) throws SQLException {
    if (!workload.touchColumns()) {
      while (rs.next()) {
        fold.countRow();
      }
      return;
    }
    List<ColumnType> columns = workload.columns();
    int count = columns.size();
    ColumnType[] types = columns.toArray(new ColumnType[0]);
    while (rs.next()) {
      for (int i = 0; i < count; i++) {
        fold.add(value(rs, i + 1, types[i], fold));
      }
      fold.endRow();
    }
  }

  private static long value(ResultSet rs, int column, ColumnType type, Fold fold) throws SQLException {
    return switch (type) {
      case INT4 -> {
        int v = rs.getInt(column);
        yield rs.wasNull() ? Checksum.NULL : Checksum.ofLong(fold.printed(v));
      }
      case INT8 -> {
        long v = rs.getLong(column);
        yield rs.wasNull() ? Checksum.NULL : Checksum.ofLong(v);
      }
      case FLOAT8 -> {
        double v = rs.getDouble(column);
        yield rs.wasNull() ? Checksum.NULL : Checksum.ofDouble(v);
      }
      case BOOL -> {
        boolean v = rs.getBoolean(column);
        yield rs.wasNull() ? Checksum.NULL : Checksum.ofBoolean(v);
      }
      case NUMERIC -> Checksum.ofBigDecimal(rs.getBigDecimal(column));
      case TEXT -> Checksum.ofString(fold.printed(rs.getString(column)));
      case DATE -> Checksum.ofDate(rs.getObject(column, LocalDate.class));
      case TIMESTAMPTZ -> Checksum.ofTimestamp(rs.getObject(column, OffsetDateTime.class));
      case UUID -> Checksum.ofUuid(rs.getObject(column, UUID.class));
    };
  }
}
