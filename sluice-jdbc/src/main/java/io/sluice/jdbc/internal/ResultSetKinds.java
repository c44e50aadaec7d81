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

  static void check(int type, int concurrency) throws SQLException {
    if (type != ResultSet.TYPE_FORWARD_ONLY && type != ResultSet.TYPE_SCROLL_INSENSITIVE) {
      throw SqlErrors.unsupported(type == ResultSet.TYPE_SCROLL_SENSITIVE
          ? "TYPE_SCROLL_SENSITIVE results: PostgreSQL has no sensitive cursors; use TYPE_SCROLL_INSENSITIVE"
          : "unknown result set type " + type);
    }
    if (concurrency != ResultSet.CONCUR_READ_ONLY && concurrency != ResultSet.CONCUR_UPDATABLE) {
      throw SqlErrors.unsupported("unknown result set concurrency " + concurrency);
    }
  }
}
