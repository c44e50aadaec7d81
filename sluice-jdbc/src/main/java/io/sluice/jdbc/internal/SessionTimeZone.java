package io.sluice.jdbc.internal;

import java.util.Optional;
import java.util.TimeZone;
import java.util.regex.Pattern;

/**
 * The session {@code TimeZone} the driver asks for at start-up: the JVM's default zone, as pgjdbc
 * sends it ({@code ConnectionFactoryImpl.getParametersForStartup}), so that the server reads and
 * writes date and time text in the zone the driver converts {@code java.sql} values in. A zone
 * the user chose wins: the {@code timezone} parameter, or {@code -c TimeZone=…} in {@code
 * options} (pgjdbc's startup parameter would silently override the latter; this is deliberate).
 */
final class SessionTimeZone {
  /** {@code -c TimeZone=…}, {@code -cTimeZone=…} or {@code --TimeZone=…}; GUC names are case-insensitive. */
  private static final Pattern IN_OPTIONS = Pattern.compile("(?i)(?:-c\\s*|--)timezone\\s*=");

  private SessionTimeZone() {}

  /** The zone to send, or empty when the user's {@code options} already set one. */
  static Optional<String> toSend(Optional<String> options) {
    if (options.isPresent() && IN_OPTIONS.matcher(options.get()).find()) {
      return Optional.empty();
    }
    return Optional.of(postgresName(TimeZone.getDefault().getID()));
  }

  /**
   * A Java zone id as PostgreSQL reads it: the same, except {@code GMT+n}/{@code GMT-n}, which
   * PostgreSQL reads as POSIX zones, positive west of Greenwich, so the sign flips (pgjdbc's
   * {@code createPostgresTimeZone}; PostgreSQL docs 8.5.3, "Time Zones").
   */
  static String postgresName(String id) {
    if (id.length() > 3 && id.startsWith("GMT") && (id.charAt(3) == '+' || id.charAt(3) == '-')) {
      return "GMT" + (id.charAt(3) == '+' ? '-' : '+') + id.substring(4);
    }
    return id;
  }
}
