package io.sluice.internal.statements;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.internal.requests.ServerStatement;
import org.junit.jupiter.api.Test;

/** Statement names and the turn to unnamed statements (issue 37: behind PgBouncer in transaction mode). */
class StatementCacheTest {
  static ServerStatement.Key key(String sql) {
    return new ServerStatement.Key(sql, new int[] {23});
  }

  /** Two connections' first statements: once both {@code s1}, which met on PgBouncer's shared server sessions. */
  @Test
  void namesDifferBetweenConnectionsAndNeverRepeat() {
    StatementCache a = new StatementCache(2);
    StatementCache b = new StatementCache(2);
    String a1 = a.lookup(key("select $1")).statement().name();
    assertNotEquals(a1, b.lookup(key("select $1")).statement().name());
    assertTrue(a1.matches("s[0-9a-z]+_1"), a1);
    a.lookup(key("select $1 + 1"));
    a.lookup(key("select $1 + 2"));   // evicts the first
    String again = a.lookup(key("select $1")).statement().name();
    assertNotEquals(a1, again, "a name is never given twice on one connection");
  }

  @Test
  void afterALostStatementEveryNewOneIsUnnamed() {
    StatementCache c = new StatementCache(8);
    ServerStatement named = c.lookup(key("select $1")).statement();
    assertFalse(named.unnamed());
    assertTrue(c.unnamedFromNow());
    assertTrue(named.stale, "the cached statement is dropped");
    assertTrue(c.lookup(key("select $1")).statement().unnamed());
    assertFalse(c.unnamedFromNow(), "once");
    assertFalse(new StatementCache(0).unnamedFromNow(), "statement_cache_size=0 is unnamed already");
  }
}
