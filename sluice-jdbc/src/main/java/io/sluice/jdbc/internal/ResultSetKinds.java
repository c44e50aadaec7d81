package io.sluice.jdbc.internal;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Which result set types and concurrencies statements offer: forward-only, and
 * scroll-insensitive over a result read whole into memory (cheap: Sluice keeps rows as their
 * bytes); read-only or updatable, each type. An updatable result is read whole too, and changes
 * its table's rows by their key ({@link RowEdits}). Scroll-sensitive results are not offered:
 * PostgreSQL has no sensitive cursors.
 */
final class ResultSetKinds {
  private ResultSetKinds() {}

  /**
   * JDBC's Connection methods: "SQLException … if the given parameters are not ResultSet constants
   * indicating type, concurrency, and holdability"; SQLFeatureNotSupportedException for a
   * constant the driver does not support (TYPE_SCROLL_SENSITIVE).
   */
  static void check(int type, int concurrency, int holdability) throws SQLException {
    if (type == ResultSet.TYPE_SCROLL_SENSITIVE) {
      throw SqlErrors.unsupported(
          "TYPE_SCROLL_SENSITIVE results: PostgreSQL has no sensitive cursors; use TYPE_SCROLL_INSENSITIVE");
    }
    if (type != ResultSet.TYPE_FORWARD_ONLY && type != ResultSet.TYPE_SCROLL_INSENSITIVE) {
      throw SqlErrors.of("unknown result set type " + type, "HY024");
    }
    if (concurrency != ResultSet.CONCUR_READ_ONLY && concurrency != ResultSet.CONCUR_UPDATABLE) {
      throw SqlErrors.of("unknown result set concurrency " + concurrency, "HY024");
    }
    // HY092 as Connection.setHoldability answers an unknown holdability
    if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT && holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
      throw SqlErrors.of("unknown result set holdability " + holdability, "HY092");
    }
  }
}
