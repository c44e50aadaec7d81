package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code getObject(i, Class)} for JDBC 4.2's java.time classes reads the column types pgjdbc reads
 * them from, and refuses the others with pgjdbc's 42821 (its {@code GetObject310Test}).
 */
@ServerTest
class TemporalTargetsTest extends OneConnection {
  private static final String ROW = "select time '10:11:12', timetz '10:11:12+02', date '2024-02-29',"
      + " timestamp '2024-02-29 10:11:12', timestamptz '2024-02-29 10:11:12+00', text 'x', 5";

  /** The columns (1-based, in ROW) each class reads. */
  private static final Map<Class<?>, List<Integer>> READS = Map.of(
      LocalTime.class, List.of(1),
      OffsetTime.class, List.of(2),
      LocalDate.class, List.of(3, 4),
      LocalDateTime.class, List.of(4),
      OffsetDateTime.class, List.of(2, 4, 5));

  @Test
  void eachClassReadsTheColumnsPgjdbcReadsItFromAndRefusesTheOthersWith42821() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(ROW)) {
      assertTrue(rs.next());
      for (Map.Entry<Class<?>, List<Integer>> e : READS.entrySet()) {
        for (int col = 1; col <= 7; col++) {
          int i = col;
          if (e.getValue().contains(col)) {
            assertInstanceOf(e.getKey(), rs.getObject(i, e.getKey()), e.getKey() + " from column " + col);
          } else {
            SQLException x = assertThrows(SQLException.class, () -> rs.getObject(i, e.getKey()),
                e.getKey() + " from column " + col);
            assertEquals("42821", x.getSQLState(), x.getMessage());
          }
        }
      }
    }
  }

  @Test
  void theValuesAreThoseOfTheColumn() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(ROW)) {
      assertTrue(rs.next());
      assertEquals(LocalTime.of(10, 11, 12), rs.getObject(1, LocalTime.class));
      assertEquals(OffsetTime.of(10, 11, 12, 0, ZoneOffset.ofHours(2)), rs.getObject(2, OffsetTime.class));
      assertEquals(OffsetDateTime.of(LocalDate.EPOCH, LocalTime.of(10, 11, 12), ZoneOffset.ofHours(2)),
          rs.getObject(2, OffsetDateTime.class));   // a timetz on 1970-01-01, as pgjdbc
      assertEquals(LocalDate.of(2024, 2, 29), rs.getObject(4, LocalDate.class));
      assertEquals(Instant.parse("2024-02-29T10:11:12Z"), rs.getObject(5, OffsetDateTime.class).toInstant());
      assertEquals(Instant.parse("2024-02-29T10:11:12Z"), rs.getObject(5, Instant.class));   // Sluice's own
      assertEquals(Instant.parse("2024-02-29T10:11:12Z"), rs.getObject("timestamptz", Instant.class));
    }
  }

  @Test
  void aNullIsNullWhateverTheColumn() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select null::text, null::timestamptz")) {
      assertTrue(rs.next());
      assertNull(rs.getObject(1, LocalTime.class));
      assertNull(rs.getObject(2, LocalDateTime.class));
    }
  }
}
