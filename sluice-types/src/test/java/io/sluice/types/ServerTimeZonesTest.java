package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's {@code TimeZone}, as it reports it, read as a zone whose offsets are the server's
 * own: for each setting, the server gives its offset in seconds at a summer and a winter instant
 * ({@code extract(timezone …)}) and the zone {@link ServerTimeZones} makes must give the same.
 */
@ServerTest
class ServerTimeZonesTest {
  /** Names in any case, POSIX specifications (west of Greenwich positive), numeric offsets. */
  static final List<String> SETTINGS = List.of("UTC", "America/New_York", "europe/moscow", "ASIA/KOLKATA",
      "gmt-3", "GMT+5", "<+03>-03", "<-0330>+03:30", "EST5", "Etc/GMT-14", "Australia/Lord_Howe");

  @Test
  void aTimestamptzIsShownInTheZoneAndAtTheRangesEndInUtc() {
    java.time.ZoneOffset plus3 = java.time.ZoneOffset.ofHours(3);
    assertEquals("2005-01-01 15:00:00+03",
        Timestamps.display(java.time.OffsetDateTime.parse("2005-01-01T12:00:00Z"), plus3));
    assertEquals("2005-01-01 06:30:00-05:30",
        Timestamps.display(java.time.OffsetDateTime.parse("2005-01-01T12:00:00Z"), java.time.ZoneOffset.of("-05:30")));
    // the last microsecond PostgreSQL holds: three hours ahead is past the range, so UTC, as sent
    assertEquals("294276-12-31 23:59:59.999999+00",
        Timestamps.display(java.time.OffsetDateTime.parse("+294276-12-31T23:59:59.999999Z"), plus3));
    assertEquals("infinity", Timestamps.display(java.time.OffsetDateTime.MAX, plus3));
  }

  @Test
  void eachSettingGivesTheServersOffsets() {
    PostgresServer pg = PostgresServer.shared();
    for (String setting : SETTINGS) {
      // psql's unaligned output: the reported name, then the offsets at the two instants
      String out = pg.psql("set time zone '" + setting + "'; select current_setting('TimeZone') || '|'"
          + " || extract(timezone from '2024-07-01 12:00+00'::timestamptz)::int || '|'"
          + " || extract(timezone from '2024-01-01 12:00+00'::timestamptz)::int").trim();
      String[] parts = out.substring(out.lastIndexOf('\n') + 1).split("\\|");
      ZoneId zone = ServerTimeZones.zone(parts[0]);
      assertEquals(Integer.parseInt(parts[1]), zone.getRules().getOffset(Instant.parse("2024-07-01T12:00:00Z"))
          .getTotalSeconds(), setting + " reported as " + parts[0] + ", in July");
      assertEquals(Integer.parseInt(parts[2]), zone.getRules().getOffset(Instant.parse("2024-01-01T12:00:00Z"))
          .getTotalSeconds(), setting + " reported as " + parts[0] + ", in January");
    }
  }
}
