package io.sluice.bench.drivers;

import io.sluice.bench.Checksum;
import io.sluice.bench.ColumnType;
import io.sluice.bench.Fold;
import io.sluice.bench.Workload;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.util.List;

/** Reads vert.x row sets with the typed getter per column. */
final class VertxRows {
  private VertxRows() {}

  static void readAll(RowSet<Row> rows, Workload workload, Fold fold) {
    if (!workload.touchColumns()) {
      for (Row ignored : rows) {
        fold.countRow();
      }
      return;
    }
    List<ColumnType> columns = workload.columns();
    int count = columns.size();
    ColumnType[] types = columns.toArray(new ColumnType[0]);
    for (Row row : rows) {
      for (int i = 0; i < count; i++) {
        fold.add(value(row, i, types[i], fold));
      }
      fold.endRow();
    }
  }

  private static long value(Row row, int column, ColumnType type, Fold fold) {
    return switch (type) {
      case INT4 -> {
        Integer v = row.getInteger(column);
        yield v == null ? Checksum.NULL : Checksum.ofLong(fold.printed(v));
      }
      case INT8 -> {
        Long v = row.getLong(column);
        yield v == null ? Checksum.NULL : Checksum.ofLong(v);
      }
      case FLOAT8 -> {
        Double v = row.getDouble(column);
        yield v == null ? Checksum.NULL : Checksum.ofDouble(v);
      }
      case BOOL -> {
        Boolean v = row.getBoolean(column);
        yield v == null ? Checksum.NULL : Checksum.ofBoolean(v);
      }
      case NUMERIC -> Checksum.ofBigDecimal(row.getBigDecimal(column));
      case TEXT -> Checksum.ofString(fold.printed(row.getString(column)));
      case DATE -> Checksum.ofDate(row.getLocalDate(column));
      case TIMESTAMPTZ -> Checksum.ofTimestamp(row.getOffsetDateTime(column));
      case UUID -> Checksum.ofUuid(row.getUUID(column));
    };
  }
}
