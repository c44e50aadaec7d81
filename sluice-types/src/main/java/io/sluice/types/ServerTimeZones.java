package io.sluice.types;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's {@code TimeZone} setting as a Java zone, read as PostgreSQL reads it (the manual's
 * "Time Zones", section 8.5.3, and Appendix B.5 "POSIX Time Zone Specifications"): a zone name of
 * the IANA database, in any case ({@code europe/moscow}); or a POSIX specification without
 * daylight rules, whose offset counts hours <em>west</em> of Greenwich ({@code gmt-3} and
 * {@code <+03>-03} are three hours ahead of UTC, the reverse of Java's {@code GMT-3}). What is
 * neither (a POSIX specification with daylight rules) is UTC: text rendered for it is then off.
 */
final class ServerTimeZones {
  /** {@code STD offset}: an abbreviation (letters, or anything in angle brackets) and [+-]hh[:mm[:ss]]. */
  private static final Pattern POSIX = Pattern.compile(
      "(?:[A-Za-z]{3,}|<[^<>]+>)([+-]?)(\\d{1,2})(?::(\\d{2}))?(?::(\\d{2}))?");
  private static final Map<String, String> BY_LOWER_CASE = byLowerCase();

  private ServerTimeZones() {}

  private static Map<String, String> byLowerCase() {
    Map<String, String> m = new HashMap<>();
    for (String id : ZoneId.getAvailableZoneIds()) {
      m.put(id.toLowerCase(Locale.ROOT), id);
    }
    return m;
  }

  static ZoneId zone(String name) {
    if (name == null || name.length() > 64) {
      return ZoneOffset.UTC;
    }
    String known = BY_LOWER_CASE.get(name.toLowerCase(Locale.ROOT));
    if (known != null) {
      return ZoneId.of(known);
    }
    Matcher m = POSIX.matcher(name);
    if (m.matches()) {
      int seconds = Integer.parseInt(m.group(2)) * 3600 + minutesOrSeconds(m.group(3)) * 60
          + minutesOrSeconds(m.group(4));
      try {
        // POSIX counts west of Greenwich as positive: the zone's offset is the opposite sign
        return ZoneOffset.ofTotalSeconds("-".equals(m.group(1)) ? seconds : -seconds);
      } catch (DateTimeException e) {
        return ZoneOffset.UTC;
      }
    }
    try {
      return ZoneId.of(name, ZoneId.SHORT_IDS);
    } catch (DateTimeException e) {
      return ZoneOffset.UTC;
    }
  }

  private static int minutesOrSeconds(String digits) {
    return digits == null ? 0 : Integer.parseInt(digits);
  }
}
