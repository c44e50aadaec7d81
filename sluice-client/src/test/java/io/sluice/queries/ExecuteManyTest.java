package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.BatchException;
import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Transaction;
import io.sluice.ValueException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Connection#executeMany}: one statement, many parameter groups, one unit. A statement-level
 * trigger counts the statements the server ran, so the tests see single-row inserts merged into
 * multi-row ones, and the counts, failures and rollbacks that follow.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ExecuteManyTest {
  static Connection c;

  @BeforeAll
  static void open() {
    c = Connection.open(PostgresServer.shared().uri());
  }

  @AfterAll
  static void close() {
    c.close();
  }

  @BeforeEach
  void table() {
    c.simpleQuery("""
        drop table if exists many_rows, many_statements;
        create table many_rows (k int primary key, v text not null);
        create table many_statements (n int);
        create or replace function many_count_statement() returns trigger language plpgsql as $$
        begin insert into many_statements values (1); return null; end $$;
        create trigger many_rows_statements after insert on many_rows
          for each statement execute function many_count_statement();
        """);
  }

  static List<Object[]> rows(int from, int to) {
    List<Object[]> out = new ArrayList<>();
    for (int k = from; k < to; k++) {
      out.add(new Object[] {k, "row " + k});
    }
    return out;
  }

  long scalar(String sql) {
    return c.query(sql).get(0).getLong(0);
  }

  @Test
  void aThousandInsertsGoAsSeventeenStatements() {
    long[] counts = c.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(0, 1000));
    assertEquals(1000, counts.length);
    for (long n : counts) {
      assertEquals(1, n);
    }
    assertEquals(1000, scalar("select count(*) from many_rows where v = 'row ' || k"));
    assertEquals(17, scalar("select count(*) from many_statements"), "15 x 64 + 32 + 8 rows");
  }

  @Test
  void otherStatementsRunOncePerGroupWithTheirOwnCounts() {
    c.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(0, 10));
    List<Object[]> groups = List.of(new Object[] {"a", 3}, new Object[] {"b", 100}, new Object[] {"c", 5});
    assertArrayEquals(new long[] {7, 0, 5}, c.executeMany("update many_rows set v = $1 where k >= $2", groups));
    assertEquals(5, scalar("select count(*) from many_rows where v = 'c'"));
  }

  @Test
  void skippedRowsMakeTheirChunkUnknown() {
    c.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(0, 3));
    long[] counts = c.executeMany("insert into many_rows (k, v) values ($1, $2) on conflict do nothing", rows(0, 6));
    assertArrayEquals(new long[] {-1, -1, -1, -1, 1, 1}, counts, "a chunk of 4 with 3 skipped, then a chunk of 2");
    assertEquals(6, scalar("select count(*) from many_rows"));
  }

  @Test
  void aFailureAppliesNothingAndNamesItsChunksFirstGroup() {
    c.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(150, 151));
    BatchException e = assertThrows(BatchException.class,
        () -> c.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(0, 200)));
    assertEquals(128, e.index(), "row 150 is in the third chunk of 64");
    assertEquals("23505", e.getCause().sqlState());
    assertEquals(1, scalar("select count(*) from many_rows"));
    assertEquals(1, c.query("select 1").get(0).getInt(0), "the connection is usable");
  }

  @Test
  void aGroupOfTheWrongSizeIsRefusedBeforeAnythingIsSent() {
    List<Object[]> groups = new ArrayList<>(rows(0, 5));
    groups.set(3, new Object[] {3});
    assertThrows(ValueException.class, () -> c.executeMany("insert into many_rows (k, v) values ($1, $2)", groups));
    groups.set(3, null);
    ValueException e = assertThrows(ValueException.class,
        () -> c.executeMany("insert into many_rows (k, v) values ($1, $2)", groups));
    assertTrue(e.getMessage().contains("group 3"), e.getMessage());
    assertEquals(0, scalar("select count(*) from many_rows"));
  }

  @Test
  void inATransactionItCommitsOrRollsBackWithIt() {
    try (Transaction tx = c.begin()) {
      tx.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(0, 100));
      tx.rollback();
    }
    assertEquals(0, scalar("select count(*) from many_rows"));
    c.transaction(tx -> tx.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(0, 100)));
    assertEquals(100, scalar("select count(*) from many_rows"));
  }

  @Test
  void onAPoolAndThroughATimeoutView() {
    try (Pool pool = Pool.open(PostgresServer.shared().uri(), PoolOptions.DEFAULT.maxSize(2))) {
      assertEquals(70, pool.executeMany("insert into many_rows (k, v) values ($1, $2)", rows(0, 70)).length);
      assertEquals(30, pool.withTimeout(java.time.Duration.ofSeconds(10))
          .executeMany("insert into many_rows (k, v) values ($1, $2)", rows(70, 100)).length);
    }
    assertEquals(100, scalar("select count(*) from many_rows"));
    assertArrayEquals(new long[0], c.executeMany("insert into many_rows (k, v) values ($1, $2)", List.of()));
  }
}
