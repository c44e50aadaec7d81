package io.sluice.internal.statements;

import java.util.Locale;

/**
 * Commands of this session after which its server-prepared statements are prepared again. The
 * server re-plans a prepared statement itself when a table it uses changes or {@code search_path}
 * changes (PostgreSQL's plancache.c, {@code RevalidateCachedQuery}), but when the new plan's result
 * columns differ it refuses to run it: 0A000 "cached plan must not change result type". Outside a
 * transaction that error is retried (StatementRunner); inside one it would abort the transaction.
 * So, as pgjdbc does on the same command tags, the cache is emptied after:
 *
 * <ul>
 *   <li>{@code CREATE}, {@code DROP}, {@code ALTER}: a table may have been dropped and made again
 *       (another OID, other columns); the cached RowDescription would also name the old table;
 *   <li>{@code SET}/{@code RESET} whose text names {@code search_path}, {@code RESET ALL}, and a
 *       SELECT of {@code set_config('search_path', …)} (what {@code Connection.setSchema} runs):
 *       unqualified names may now resolve to other tables;
 *   <li>{@code DISCARD ALL}, {@code DEALLOCATE ALL}: the server has no prepared statement left.
 * </ul>
 *
 * A change made by another session, or inside a function, is not seen here; PostgreSQL 18 and
 * later report {@code search_path} (GUC_REPORT), which {@link #searchPathReported} covers.
 */
final class PlanInvalidation {
  /** How much of the SQL is searched for {@code search_path}: a SET is short. */
  private static final int SCAN = 1024;

  /** What a completed command means for the cache. */
  enum Effect {
    /** The cache stays. */
    NONE,
    /** Empty the cache; the server still has the statements, so Close them. */
    REPREPARE,
    /** Empty the cache; the server has already dropped every statement. */
    GONE
  }

  private PlanInvalidation() {}

  /** The effect of a command that completed with {@code tag}, run as (part of) {@code sql}. */
  static Effect after(String tag, String sql) {
    if (tag == null || tag.isEmpty()) {
      return Effect.NONE;
    }
    return switch (tag.charAt(0)) {
      case 'C', 'A' -> tag.startsWith("CREATE ") || tag.startsWith("ALTER ") ? Effect.REPREPARE : Effect.NONE;
      case 'D' -> tag.equals("DISCARD ALL") || tag.equals("DEALLOCATE ALL") ? Effect.GONE
          : tag.startsWith("DROP ") ? Effect.REPREPARE : Effect.NONE;
      case 'S', 'R' -> ((tag.equals("SET") || tag.equals("RESET")) && changesSearchPath(tag, sql))
          || (tag.startsWith("SELECT") && setsSearchPath(sql)) ? Effect.REPREPARE : Effect.NONE;
      default -> Effect.NONE;
    };
  }

  /** A SET or RESET whose text names search_path, or RESET ALL. */
  private static boolean changesSearchPath(String tag, String sql) {
    if (sql == null) {
      return true;   // unknown text: err on the side of preparing again
    }
    String head = (sql.length() > SCAN ? sql.substring(0, SCAN) : sql).toLowerCase(Locale.ROOT);
    return head.contains("search_path") || (tag.equals("RESET") && head.matches("(?s).*\\ball\\b.*"));
  }

  /**
   * A SELECT of {@code set_config('search_path', …)} (what {@code Connection.setSchema} runs). Only
   * SQL naming {@code set_config} is searched further, so an ordinary SELECT costs one indexOf.
   */
  private static boolean setsSearchPath(String sql) {
    return sql != null && sql.indexOf("set_config") >= 0 && sql.toLowerCase(Locale.ROOT).contains("search_path");
  }

  /** Whether a ParameterStatus {@code name=value} (PostgreSQL 18+) changed the search path. */
  static boolean searchPathReported(String name, String value, String before) {
    return name.equals("search_path") && before != null && !before.equals(value);
  }
}
