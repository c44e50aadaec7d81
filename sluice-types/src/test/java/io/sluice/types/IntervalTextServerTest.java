package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.time.Period;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Interval#toString()} and {@link Interval#toIso8601()} print exactly what the server's
 * {@code interval_out} prints in the {@code postgres} and {@code iso_8601} IntervalStyles, and
 * {@link Interval#parse} reads both back, for literals people write and for random field values
 * (mixed signs, extremes). Each value comes from the server as its binary form, so the test never
 * trusts our own parser for the value it checks.
 */
@ServerTest
class IntervalTextServerTest {
  private static PostgresServer pg;

  @BeforeAll
  static void start() {
    pg = PostgresServer.shared();
    pg.psql(ServerFormatsTest.FUNCTIONS);
  }

  static final List<String> LITERALS = List.of(
      "0", "1 day 2 hours", "1 year 2 mons", "-1.5 seconds", "1 year", "1 mon", "1 day", "-1 day",
      "14 mons 3 days 04:05:06.789", "-1 year -2 mons +3 days -04:05:06", "-1 mon 1 day", "1 mon -1 day",
      "-1 day +2 hours", "-1 day -2 hours", "1 day -2 hours", "-1 mon -1 day 1 hour", "100 hours",
      "0.000001 seconds", "-0.000001 seconds", "0.1 seconds", "59.999999 seconds", "1 minute", "-1 minute",
      "2562047788 hours", "-9223372036854775807 microseconds", "2562047788:00:54.775807", "178956970 years 7 mons",
      "-178956970 years -8 mons", "2147483647 days", "-2147483648 days", "1 week", "1 millennium",
      "3 days 00:00:00.5", "-3 days -00:00:00.5", "1 year -1 second", "-1 year 1 second", "12 mons",
      "-12 mons", "11 mons 30 days 23:59:59.999999");

  /**
   * The literals beyond an int32 in one number, which PostgreSQL 13 and 14 do not read ({@code
   * strtoint} in their {@code DecodeInterval} and {@code DecodeTime}; int64 from 15).
   */
  static final List<String> FROM_15 = List.of("2562047788 hours", "-9223372036854775807 microseconds",
      "2562047788:00:54.775807");

  @Test
  void printsAndParsesAsTheServerDoes() {
    boolean int32Fields = pg.majorVersion() < 15;
    List<String> sql = new ArrayList<>();
    List<String> described = new ArrayList<>();
    for (String literal : LITERALS) {
      if (int32Fields && FROM_15.contains(literal)) {
        continue;
      }
      sql.add(ServerFormatsTest.quote(literal) + "::interval");
      described.add("'" + literal + "'");
    }
    Random random = new Random(15);
    for (int i = 0; i < 300; i++) {
      Interval v = new Interval((int) field(random, Integer.MAX_VALUE, 1), (int) field(random, Integer.MAX_VALUE, 1),
          random.nextInt(4) == 0 ? random.nextLong() : field(random, 1_000_000_000_000L, 900_000_007L));
      // our text gives the time in hours: before 15, fewer than 2^31 of them
      if (v.isFinite() && (!int32Fields || Math.abs(v.microseconds() / 3_600_000_000L) < Integer.MAX_VALUE)) {
        sql.add(ServerFormatsTest.quote(Intervals.text(v)) + "::interval");
        described.add(Intervals.text(v));
      }
    }
    List<String[]> postgres = rows(sql, "");
    List<String[]> iso = rows(sql, "set intervalstyle = iso_8601;\n");
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < sql.size(); i++) {
      byte[] binary = HexFormat.of().parseHex(postgres.get(i)[1]);
      Interval value = Intervals.INTERVAL.decodeBinary(binary, 0, binary.length, null);
      String serverText = postgres.get(i)[2];
      String serverIso = iso.get(i)[2];
      check(failures, described.get(i) + " toString", serverText, value.toString());
      check(failures, described.get(i) + " toIso8601", serverIso, value.toIso8601());
      check(failures, described.get(i) + " parse(\"" + serverText + "\")", value, Interval.parse(serverText));
      check(failures, described.get(i) + " parse(\"" + serverIso + "\")", value, Interval.parse(serverIso));
    }
    assertTrue(failures.isEmpty(), failures.size() + " differences from the server:\n" + String.join("\n", failures));
  }

  /**
   * Mostly small values of either sign (where the formatting cases are), as such or times
   * {@code step}; sometimes zero or anything up to {@code max}.
   */
  private static long field(Random random, long max, long step) {
    return switch (random.nextInt(5)) {
      case 0 -> 0;
      case 1 -> random.nextLong(-max, max);
      default -> random.nextLong(-40, 40) * (random.nextBoolean() ? 1 : step);
    };
  }

  /** One row per expression: its index, binary form in hex and text in the session's IntervalStyle. */
  private static List<String[]> rows(List<String> expressions, String setup) {
    StringBuilder script = new StringBuilder(setup);
    for (int i = 0; i < expressions.size(); i++) {
      String e = expressions.get(i);
      script.append("select ").append(i).append(", ty_send_hex(").append(e).append("), ").append(e).append("::text;\n");
    }
    List<String[]> rows = pg.psql(script.toString()).lines().map(l -> l.split("\\|", -1)).toList();
    assertEquals(expressions.size(), rows.size(), "one row per expression");
    return rows;
  }

  private static void check(List<String> failures, String what, Object expected, Object actual) {
    if (!expected.equals(actual)) {
      failures.add(what + ": expected " + expected + " but was " + actual);
    }
  }

  @Test
  void infinitiesPrintAsWords() {
    assertEquals("infinity", Interval.INFINITY.toString());
    assertEquals("-infinity", Interval.MINUS_INFINITY.toIso8601());
    assertEquals(Interval.MINUS_INFINITY, Interval.parse("-infinity"));
  }

  @Test
  void readsJavaTimeText() {
    assertEquals(new Interval(0, 0, 93_600_000_000L), Interval.parse(Duration.ofHours(26).toString()));
    assertEquals(new Interval(0, 0, -1_500_000L), Interval.parse(Duration.ofMillis(-1500).toString()));
    assertEquals(new Interval(14, -3, 0), Interval.parse(Period.of(1, 2, -3).toString()));
  }

  @Test
  void conversionsSayWhyTheyDoNotFit() {
    assertEquals(Duration.ofHours(26), Interval.parse("1 day 02:00:00").toDuration());
    assertEquals(Period.of(1, 2, 3), Interval.parse("1 year 2 mons 3 days").toPeriod());
    CodecException months = assertThrows(CodecException.class, () -> Interval.parse("1 mon 2 days").toDuration());
    assertTrue(months.getMessage().contains("1 mon 2 days") && months.getMessage().contains("months"), months.getMessage());
    CodecException time = assertThrows(CodecException.class, () -> Interval.parse("1 day 00:00:01").toPeriod());
    assertTrue(time.getMessage().contains("1 day 00:00:01") && time.getMessage().contains("time"), time.getMessage());
    assertThrows(CodecException.class, () -> Interval.INFINITY.toDuration());
  }

  @Test
  void badTextSaysWhatIsWrong() {
    CodecException e = assertThrows(CodecException.class, () -> Interval.parse("1 fortnight"));
    assertTrue(e.getMessage().contains("1 fortnight") && e.getMessage().contains("unit"), e.getMessage());
    assertThrows(CodecException.class, () -> Interval.parse(""));
  }

  @Test
  void equalityIsFieldByField() {
    assertEquals(Interval.parse("P1DT2H"), Interval.parse("1 day 02:00:00"));
    assertEquals(Interval.parse("P1DT2H").hashCode(), Interval.parse("1 day 02:00:00").hashCode());
    assertTrue(!Interval.parse("1 mon").equals(Interval.parse("30 days")), "1 mon and 30 days are stored apart");
  }
}
