package io.sluice.jdbc.internal;

import io.sluice.Column;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Map;
import java.util.Set;

/**
 * Which column types {@code getObject(i, Class)} reads as each of JDBC 4.2's java.time classes,
 * as pgjdbc's result set does: a {@code LocalTime} only from {@code time}, a {@code LocalDateTime}
 * only from {@code timestamp} (not from {@code timestamptz}, whose wall clock depends on a zone the
 * caller did not name), and so on. Any other column is 42821 (datatype mismatch), pgjdbc's
 * SQLState; a NULL is null whatever the column, as in pgjdbc. {@code Instant} and {@code
 * ZonedDateTime}, which pgjdbc does not read, keep Sluice's conversions.
 */
final class TemporalTargets {
  private static final int DATE = 1082;
  private static final int TIME = 1083;
  private static final int TIMESTAMP = 1114;
  private static final int TIMESTAMPTZ = 1184;
  private static final int TIMETZ = 1266;

  private static final Map<Class<?>, Set<Integer>> COLUMNS = Map.of(
      LocalDate.class, Set.of(DATE, TIMESTAMP),
      LocalTime.class, Set.of(TIME),
      LocalDateTime.class, Set.of(TIMESTAMP),
      OffsetDateTime.class, Set.of(TIMESTAMPTZ, TIMESTAMP, TIMETZ),
      OffsetTime.class, Set.of(TIMETZ));

  private TemporalTargets() {}

  /** Refuses reading {@code col}'s non-NULL value as {@code type} where pgjdbc refuses it. */
  static void check(Column col, Class<?> type, Object value, SluiceConnection connection) throws SQLException {
    Set<Integer> allowed = COLUMNS.get(type);
    if (value != null && allowed != null && !allowed.contains(col.typeOid())) {
      throw SqlErrors.of("column " + col.name() + " of type " + connection.typeNames.name(col.typeOid())
          + " cannot be read as " + type.getName(), "42821");
    }
  }
}
