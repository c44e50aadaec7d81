package org.postgresql.util;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Reads an interval's text into {@link PGInterval}'s units as they are written, unit by unit (so
 * {@code +2004 years -4 mons} stays 2004 years and -4 months, as pgjdbc keeps it), in each of the
 * server's IntervalStyles: {@code postgres} ({@code -1 years +2 mons 3 days -04:05:06.5}),
 * {@code postgres_verbose} ({@code @ 1 year 2 mons 3 days 4 hours 5 mins 6.5 secs ago}),
 * {@code sql_standard} ({@code -1-2}, {@code -3 4:05:06.5}, {@code +1-2 -3 +4:05:06}) and
 * {@code iso_8601} ({@code P-1Y-2M3DT-4H-5M-6.5S}), and PostgreSQL 17's {@code infinity}.
 *
 * <p>In the sql_standard form without unit words, the sign of the first field applies to every
 * field without one of its own, as the server writes it; where there are unit words, a field
 * without a sign is positive, as in the postgres style.
 */
final class IntervalUnitsText {
  int years;
  int months;
  int days;
  int hours;
  int minutes;
  long micros;
  /** {@code infinity} or {@code -infinity}, else null. */
  String infinite;

  private IntervalUnitsText() {}

  static IntervalUnitsText parse(String value) throws PSQLException {
    IntervalUnitsText t = new IntervalUnitsText();
    String text = value.trim().toLowerCase(Locale.ROOT);
    try {
      if (text.equals("infinity") || text.equals("+infinity") || text.equals("-infinity")) {
        t.infinite = text.startsWith("-") ? "-infinity" : "infinity";
      } else if (text.startsWith("p")) {
        t.iso(text);
      } else {
        t.words(text);
      }
    } catch (NumberFormatException | ArithmeticException e) {
      throw bad(value, e);
    }
    if (t.bad) {
      throw bad(value, null);
    }
    return t;
  }

  private boolean bad;

  private static PSQLException bad(String value, Exception cause) {
    return new PSQLException("not an interval: " + value, PSQLState.BAD_DATETIME_FORMAT, cause);
  }

  /** {@code P[nY][nM][nW][nD][T[nH][nM][nS]]}, each number with its own sign. */
  private void iso(String text) {
    boolean time = false;
    int start = 1;
    boolean any = false;
    for (int i = 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == 't' && !time && start == i) {
        time = true;
        start = i + 1;
        continue;
      }
      if (Character.isLetter(c)) {
        String n = text.substring(start, i);
        switch (time ? Character.toUpperCase(c) : c) {
          case 'y' -> years = Integer.parseInt(n);
          case 'm' -> months = Integer.parseInt(n);
          case 'w' -> days = Math.addExact(days, Math.multiplyExact(7, Integer.parseInt(n)));
          case 'd' -> days = Math.addExact(days, Integer.parseInt(n));
          case 'H' -> hours = Integer.parseInt(n);
          case 'M' -> minutes = Integer.parseInt(n);
          case 'S' -> micros = micros(n);
          default -> bad = true;
        }
        any = true;
        start = i + 1;
      }
    }
    bad |= !any || start != text.length();
  }

  /** The postgres, postgres_verbose and sql_standard styles: numbers, unit words, {@code h:m:s}, {@code y-m}. */
  private void words(String text) {
    boolean verbose = text.startsWith("@");
    String[] tokens = (verbose ? text.substring(1) : text).trim().split("\\s+");
    int end = tokens.length;
    boolean ago = end > 0 && tokens[end - 1].equals("ago");
    if (ago) {
      end--;
    }
    if (end == 0 || tokens[0].isEmpty()) {
      bad = true;   // nothing, or only "@" or "ago"
      return;
    }
    boolean unitWords = false;
    for (int i = 0; i < end; i++) {
      unitWords |= Character.isLetter(tokens[i].charAt(0));
    }
    int inherited = 1;   // the first field's sign, for the fields without one in the sql_standard form
    for (int i = 0; i < end; i++) {
      String token = tokens[i];
      int sign = token.startsWith("-") ? -1 : token.startsWith("+") ? 1 : unitWords ? 1 : inherited;
      if (i == 0 && !unitWords) {
        inherited = sign;
      }
      String unsigned = token.startsWith("-") || token.startsWith("+") ? token.substring(1) : token;
      if (unsigned.isEmpty() || !Character.isDigit(unsigned.charAt(0)) && unsigned.charAt(0) != '.') {
        bad = true;
        return;
      }
      if (unsigned.indexOf(':') >= 0) {
        time(unsigned, sign);
      } else if (unsigned.indexOf('-') > 0) {
        String[] ym = unsigned.split("-", -1);
        if (ym.length != 2) {
          bad = true;
          return;
        }
        years = sign * Integer.parseInt(ym[0]);
        months = sign * Integer.parseInt(ym[1]);
      } else if (i + 1 < end && Character.isLetter(tokens[i + 1].charAt(0))) {
        unit(tokens[++i], sign, unsigned);
      } else {
        days = sign * Integer.parseInt(unsigned);   // sql_standard's day field, or the styles' bare 0
      }
    }
    if (ago) {
      years = -years;
      months = -months;
      days = -days;
      hours = -hours;
      minutes = -minutes;
      micros = -micros;
    }
  }

  /** {@code h:mm[:ss[.ffffff]]}, the sign applying to each part. */
  private void time(String unsigned, int sign) {
    String[] parts = unsigned.split(":", -1);
    if (parts.length > 3) {
      bad = true;
      return;
    }
    hours = sign * Integer.parseInt(parts[0]);
    minutes = sign * Integer.parseInt(parts[1]);
    micros = parts.length == 3 ? sign * micros(parts[2]) : 0;
  }

  private void unit(String word, int sign, String number) {
    if (word.startsWith("mil") || word.startsWith("ms")) {
      micros += sign * new BigDecimal(number).movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact();
    } else if (word.startsWith("mic") || word.startsWith("us")) {
      micros += sign * new BigDecimal(number).setScale(0, RoundingMode.HALF_UP).longValueExact();
    } else if (word.startsWith("s")) {
      micros = sign * micros(number);
    } else if (word.startsWith("mon")) {
      months = sign * Integer.parseInt(number);
    } else if (word.startsWith("m")) {
      minutes = sign * Integer.parseInt(number);
    } else if (word.startsWith("y")) {
      years = sign * Integer.parseInt(number);
    } else if (word.startsWith("w")) {
      days = Math.multiplyExact(7, sign * Integer.parseInt(number));
    } else if (word.startsWith("d")) {
      days = sign * Integer.parseInt(number);
    } else if (word.startsWith("h")) {
      hours = sign * Integer.parseInt(number);
    } else {
      bad = true;
    }
  }

  /** Seconds' text to microseconds, rounded half away from zero, as PostgreSQL rounds them. */
  private static long micros(String seconds) {
    return new BigDecimal(seconds).movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
  }
}
