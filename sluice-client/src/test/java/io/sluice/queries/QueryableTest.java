package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.PreparedQuery;
import io.sluice.Queryable;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SimpleResult;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One piece of data-access code, written against {@link Queryable}, run on a connection, inside a
 * transaction and through a pool: each answers every call the same way, against the real server.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class QueryableTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  /** Everything a Queryable offers, with what each call must return. */
  static void exercise(Queryable q, String table) {
    q.execute("create temp table if not exists " + table + " (id int primary key, name text)");
    assertEquals(3, q.execute("insert into " + table + " select g, 'n' || g from generate_series(1, 3) g"));
    RowSet rs = q.query("select id, name from " + table + " where id >= $1 order by id", 2);
    assertEquals(2, rs.size());
    assertEquals("n2", rs.get(0).getString("name"));
    assertEquals(3, rs.get(1).getInt(0));

    List<Integer> seen = new ArrayList<>();
    q.forEach("select id from " + table + " order by id", r -> seen.add(r.getInt(0)));
    assertEquals(List.of(1, 2, 3), seen);
    assertEquals(6L, (long) q.reduce("select id from " + table, 0L, (a, r) -> a + r.getInt(0)));

    try (RowStream s = q.stream("select id from " + table + " order by id", 2)) {
      List<Integer> streamed = new ArrayList<>();
      s.forEach(r -> streamed.add(r.getInt(0)));
      assertEquals(List.of(1, 2, 3), streamed);
    }

    long[] many = q.executeMany("insert into " + table + " values ($1, $2)", List.of(new Object[] {10, "m10"},
        new Object[] {11, "m11"}, new Object[] {12, "m12"}));
    assertArrayEquals(new long[] {1, 1, 1}, many);
    assertArrayEquals(new long[] {1, 1, 1}, q.executeMany("delete from " + table + " where id = $1",
        List.of(new Object[] {10}, new Object[] {11}, new Object[] {12})));

    List<SimpleResult> simple = q.simpleQuery("select count(*) from " + table + "; select 'x'");
    assertEquals(2, simple.size());

    PreparedQuery p = q.prepare("select name from " + table + " where id = $1");
    assertEquals(List.of(23), java.util.Arrays.stream(p.parameterTypes()).boxed().toList(),
        "the server inferred int4 for $1");
    assertEquals("name", p.columns().get(0).name());
    assertEquals("n1", p.query(1).get(0).getString(0));
    assertEquals(1, p.execute(3));
    List<String> names = new ArrayList<>();
    p.forEach(r -> names.add(r.getString(0)), 2);
    assertEquals(List.of("n2"), names);
  }

  @Test
  void connection() {
    try (Connection c = Connection.open(pg.uri())) {
      exercise(c, "q_conn");
    }
  }

  @Test
  void transaction() {
    try (Connection c = Connection.open(pg.uri())) {
      c.transaction(tx -> {
        exercise(tx, "q_tx");
        return null;
      });
    }
  }

  @Test
  void pool() {
    // one connection so that the temp table every call needs is there for each of them
    try (Pool pool = Pool.open(pg.uri(), PoolOptions.DEFAULT.minSize(1).maxSize(1))) {
      exercise(pool, "q_pool");
    }
  }

  /** A pool's prepared query runs on whichever connection the pool gives each call. */
  @Test
  void poolPreparedQueryRunsOnOtherConnections() throws Exception {
    try (Pool pool = Pool.open(pg.uri(), PoolOptions.DEFAULT.minSize(0).maxSize(3))) {
      PreparedQuery p = pool.prepare("select pg_backend_pid(), $1::int + 1");
      assertEquals(2, p.columns().size());
      // two streams hold two connections (whichever the statement was prepared on among them)
      try (RowStream a = pool.stream("select pg_backend_pid()", 1);
          RowStream b = pool.stream("select pg_backend_pid()", 1)) {
        Set<Integer> held = Set.of(a.iterator().next().getInt(0), b.iterator().next().getInt(0));
        Set<Integer> used = new HashSet<>();
        for (int i = 0; i < 3; i++) {
          RowSet rs = p.query(i);
          assertEquals(i + 1, rs.get(0).getInt(1));
          used.add(rs.get(0).getInt(0));
        }
        assertEquals(1, used.size(), "the free connection ran every call");
        assertFalse(held.containsAll(used), "the calls ran beside the held connections, not on them: " + used);
      }
    }
  }
}
