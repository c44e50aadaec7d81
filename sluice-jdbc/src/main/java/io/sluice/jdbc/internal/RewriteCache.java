package io.sluice.jdbc.internal;

import io.sluice.sql.JdbcSql;
import io.sluice.sql.RewrittenSql;
import io.sluice.ValueException;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SQL strings rewritten once for the whole driver: applications run the same few hundred
 * statements over and over, so rewriting at each execution would be waste. Bounded: when it
 * holds {@value #MAX} entries it starts again empty (generated SQL with literals inlined would
 * otherwise grow it without end), which costs one rewrite per string afterwards.
 */
final class RewriteCache {
  static final int MAX = 4096;

  private record Key(String sql, boolean standardStrings, JdbcSql.CallMode mode, boolean parameters) {}

  private static final ConcurrentHashMap<Key, RewrittenSql> CACHE = new ConcurrentHashMap<>();

  private RewriteCache() {}

  /**
   * {@code sql} rewritten: with {@code parameters}, {@code ?} are placeholders (a prepared
   * statement); without, ordinary characters (a plain statement, as pgjdbc reads it).
   */
  static RewrittenSql rewrite(String sql, boolean standardStrings, JdbcSql.CallMode mode, boolean parameters)
      throws SQLException {
    if (sql == null) {
      throw SqlErrors.of("the SQL is null", "42601");
    }
    Key key = new Key(sql, standardStrings, mode, parameters);
    RewrittenSql r = CACHE.get(key);
    if (r != null) {
      return r;
    }
    try {
      r = parameters ? JdbcSql.rewrite(sql, standardStrings, new java.util.BitSet(), mode)
          : JdbcSql.rewriteWithoutParameters(sql, standardStrings, mode);
    } catch (ValueException e) {
      throw SqlErrors.forState("42601", e.getMessage(), 0, e);
    }
    if (CACHE.size() >= MAX) {
      CACHE.clear();
    }
    CACHE.put(key, r);
    return r;
  }
}
