package org.postgresql.geometric;

import java.sql.SQLException;
import org.postgresql.util.PGtokenizer;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/** What the geometric types share: reading their text, and the error for text that is not theirs. */
final class Geometry {
  private Geometry() {}

  /** pgjdbc's message and SQLSTATE (42821) for text that is not a value of {@code type}. */
  static PSQLException mismatch(String type, String text, Throwable cause) {
    String message = "Conversion to type " + type + " failed: " + text + ".";
    return cause == null ? new PSQLException(message, PSQLState.DATA_TYPE_MISMATCH)
        : new PSQLException(message, PSQLState.DATA_TYPE_MISMATCH, cause);
  }

  static double number(String type, String text, String whole) throws SQLException {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw mismatch(type, whole, e);
    }
  }

  /** The points of a comma-separated list such as {@code (1,2),(3,4)}; {@code expected} -1 for any number. */
  static PGpoint[] points(String type, String list, int expected, String whole) throws SQLException {
    PGtokenizer t = new PGtokenizer(list, ',');
    if (expected >= 0 && t.getSize() != expected) {
      throw mismatch(type, whole, null);
    }
    PGpoint[] points = new PGpoint[t.getSize()];
    for (int i = 0; i < points.length; i++) {
      try {
        points[i] = new PGpoint(t.getToken(i).trim());
      } catch (SQLException e) {
        throw mismatch(type, whole, e);
      }
    }
    return points;
  }

  /** A deep copy of {@code points} (null stays null), for {@code clone}. */
  static PGpoint[] copy(PGpoint[] points) throws CloneNotSupportedException {
    if (points == null) {
      return null;
    }
    PGpoint[] c = points.clone();
    for (int i = 0; i < c.length; i++) {
      c[i] = c[i] == null ? null : (PGpoint) c[i].clone();
    }
    return c;
  }

  /** {@code (x1,y1),(x2,y2)…}, the points' text joined by commas. */
  static String join(PGpoint[] points) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < points.length; i++) {
      sb.append(i > 0 ? "," : "").append(points[i].getValue());
    }
    return sb.toString();
  }

  /** Equal points in the same order (pgjdbc's path and polygon equality). */
  static boolean samePoints(PGpoint[] a, PGpoint[] b) {
    if (a == null || b == null) {
      return a == b;
    }
    return java.util.Arrays.equals(a, b);
  }

  /** pgjdbc's hash of a list of points: of its first five. */
  static int hash(int seed, PGpoint[] points) {
    int h = seed;
    for (int i = 0; i < points.length && i < 5; i++) {
      h = h * 31 + points[i].hashCode();
    }
    return h;
  }
}
