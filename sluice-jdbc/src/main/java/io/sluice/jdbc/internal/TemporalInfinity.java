package io.sluice.jdbc.internal;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;

/**
 * PostgreSQL's {@code infinity} and {@code -infinity} for the {@code java.sql} classes, which have
 * no such value: pgjdbc's stand-in milliseconds ({@code PGStatement.DATE_POSITIVE_INFINITY} and
 * {@code DATE_NEGATIVE_INFINITY}), which a {@code Timestamp} or {@code Date} set with them sends as
 * infinity and which an infinite {@code date}, {@code timestamp} or {@code timestamptz} reads as.
 * (java.time's MAX and MIN constants are the codec's infinity already.)
 */
final class TemporalInfinity {
  /** pgjdbc's {@code PGStatement.DATE_POSITIVE_INFINITY}. */
  static final long POSITIVE = 9223372036825200000L;
  /** pgjdbc's {@code PGStatement.DATE_NEGATIVE_INFINITY}. */
  static final long NEGATIVE = -9223372036832400000L;

  private TemporalInfinity() {}

  /** {@code infinity}, {@code -infinity}, or null for milliseconds that are a time. */
  static String text(long millis) {
    return millis == POSITIVE ? "infinity" : millis == NEGATIVE ? "-infinity" : null;
  }

  /** +1 for a decoded value that is infinity, -1 for -infinity, else 0. */
  static int sign(Object v) {
    return switch (v) {
      case LocalDateTime t -> t.equals(LocalDateTime.MAX) ? 1 : t.equals(LocalDateTime.MIN) ? -1 : 0;
      case OffsetDateTime t -> t.equals(OffsetDateTime.MAX) ? 1 : t.equals(OffsetDateTime.MIN) ? -1 : 0;
      case Instant t -> t.equals(Instant.MAX) ? 1 : t.equals(Instant.MIN) ? -1 : 0;
      case LocalDate d -> d.equals(LocalDate.MAX) ? 1 : d.equals(LocalDate.MIN) ? -1 : 0;
      case String s -> s.trim().equals("infinity") ? 1 : s.trim().equals("-infinity") ? -1 : 0;
      case null, default -> 0;
    };
  }

  /** The stand-in for an infinite decoded value, or null when it is finite. */
  static Timestamp timestamp(Object v) {
    int sign = sign(v);
    return sign == 0 ? null : new Timestamp(sign > 0 ? POSITIVE : NEGATIVE);
  }

  static Date date(Object v) {
    int sign = sign(v);
    return sign == 0 ? null : new Date(sign > 0 ? POSITIVE : NEGATIVE);
  }
}
