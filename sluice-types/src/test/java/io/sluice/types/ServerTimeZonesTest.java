package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.testkit.PostgresServer;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's {@code TimeZone}, as it reports it, read as a zone whose offsets are the server's
 * own: for each setting, the server gives its offset in seconds at a summer and a winter instant
 * ({@code extract(timezone …)}) and the zone {@link ServerTimeZones} makes must give the same.
 */
class ServerTimeZonesTest {
  /** Names in any case, POSIX specifications (west of Greenwich positive), numeric offsets. */
  static final List<String> SETTINGS = List.of("UTC", "America/New_York", "europe/moscow", "ASIA/KOLKATA",
      "gmt-3", "GMT+5", "<+03>-03", "<-0330>+03:30", "EST5", "Etc/GMT-14", "Australia/Lord_Howe");

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
