package io.sluice.hostile;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Batch;
import io.sluice.Connection;
import io.sluice.PreparedQuery;
import io.sluice.SluiceException;
import io.sluice.ValueException;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Values that do not match the statement's parameters are refused before anything is sent (not
 * even the Parse): PostgreSQL would otherwise run the statement and silently ignore the extras.
 * Every check runs through a proxy that counts the bytes the client wrote.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ParameterCountTest {
  static PostgresServer pg;
  static FaultProxy proxy;
  static Connection c;
  /** Bytes of one cached {@code select 1}: Bind, Execute, Sync. */
  static long probeBytes;

  @BeforeAll
  static void connect() {
    pg = PostgresServer.shared();
    proxy = FaultProxy.start(pg.host(), pg.port());
    c = Connection.open("host=127.0.0.1 port=" + proxy.port() + " user=" + pg.superuser() + " dbname="
        + pg.database() + " sslmode=disable");
    probe();
    long before = proxy.bytesToServer();
    probe();
    probeBytes = proxy.bytesToServer() - before;
  }

  @AfterAll
  static void close() {
    c.close();
    proxy.close();
  }

  static void probe() {
    assertEquals(1, c.query("select 1").get(0).getInt(0));
  }

  /**
   * {@code call} fails with a NOT_SENT ValueException whose message holds {@code parts}, and the
   * connection wrote nothing for it: afterwards a cached statement costs exactly its own bytes
   * (its answer proves everything written before it reached the proxy) and still works.
   */
  static ValueException assertRefusedUnsent(Executable call, String... parts) {
    long before = proxy.bytesToServer();
    ValueException e = assertThrows(ValueException.class, call);
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), e.getMessage());
    }
    probe();
    assertEquals(probeBytes, proxy.bytesToServer() - before, "bytes were written for the refused call");
    return e;
  }

  @Test
  void threeValuesForOnePlaceholder() {
    assertRefusedUnsent(() -> c.query("select $1::int", 1, 2, 3), "has 1 parameter", "3 were given");
    assertEquals(7, c.query("select $1::int", 7).get(0).getInt(0));
  }

  @Test
  void oneValueForNone() {
    assertRefusedUnsent(() -> c.query("select 2", 5), "has 0 parameters", "1 was given");
    assertRefusedUnsent(() -> c.execute("select 2", 5), "has 0 parameters");
    assertEquals(2, c.query("select 2").get(0).getInt(0));
  }

  @Test
  void noValueForOne() {
    assertRefusedUnsent(() -> c.query("select $1::text"), "has 1 parameter", "0 were given");
  }

  @Test
  void aGapStillNeedsEveryValueUpToTheHighest() {
    assertRefusedUnsent(() -> c.query("select $2::int", 1), "has 2 parameters", "1 was given");
  }

  @Test
  void moreValuesThanTheProtocolCounts() {
    Object[] values = new Object[65_536];
    assertRefusedUnsent(() -> c.query("select $1::int", values), "65536", "at most 65535");
    assertRefusedUnsent(() -> c.batch().add("select $1::int", values).runAtomic(), "65536", "at most 65535");
  }

  @Test
  void theRefusedStatementHasNoSideEffect() {
    assertRefusedUnsent(() -> c.query("select set_config('sluice.count_test', 'ran', false), $1::int", 1, 2));
    assertNull(c.query("select current_setting('sluice.count_test', true)").get(0).getString(0));
  }

  @Test
  void placeholdersInLiteralsAndCommentsAreNotCounted() {
    String sql = "select 'it''s $5' as a, E'\\'$6' as b, $$ $7 $$ as c, $t$ $8 $t$ as d, 1 as \"$9\", "
        + "/* $4 /* $5 */ */ $1::int -- $3\n";
    assertEquals(1, c.prepare(sql).parameterTypes().length, "the server agrees");
    assertEquals(4, c.query(sql, 4).get(0).getInt(5));
    assertRefusedUnsent(() -> c.query(sql, 4, 5), "has 1 parameter", "2 were given");
  }

  @Test
  void everyEntryRefuses() {
    assertRefusedUnsent(() -> c.forEach("select $1::int", r -> {}, 1, 2), "2 were given");
    assertRefusedUnsent(() -> c.stream("select $1::int", 10, 1, 2).close(), "2 were given");
    assertRefusedUnsent(() -> c.reduce("select 3", 0, (a, r) -> a, 1), "1 was given");
    assertRefusedUnsent(() -> c.transaction(tx -> tx.query("select $1::int")), "0 were given");
  }

  @Test
  void preparedStatementsCountByTheServersDescription() {
    PreparedQuery p = c.prepare("select $1::int + $2::int");
    assertRefusedUnsent(() -> p.query(1), "has 2 parameters", "1 was given");
    assertRefusedUnsent(() -> p.execute(1, 2, 3), "3 were given");
    assertRefusedUnsent(() -> p.forEach(r -> {}), "0 were given");
    assertEquals(3, p.query(1, 2).get(0).getInt(0));
  }

  @Test
  void aStatementPreparedByTheServerIsStillCheckedForPlainQueries() {
    c.prepare("select $1::text as shared");
    assertRefusedUnsent(() -> c.query("select $1::text as shared"), "0 were given");
  }

  @Test
  void aBatchRefusesOnlyTheMiscountedStatement() {
    List<Batch.Item> items = c.batch()
        .add("select $1::int", 1)
        .add("select $1::int", 1, 2)
        .add("select 3")
        .run();
    assertEquals(1, items.get(0).rowsOrThrow().get(0).getInt(0));
    ValueException e = assertInstanceOf(ValueException.class, items.get(1).error());
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains("2 were given"), e.getMessage());
    assertEquals(3, items.get(2).rowsOrThrow().get(0).getInt(0));
  }

  @Test
  void anAtomicBatchIsRefusedWholeNamingTheStatement() {
    c.execute("create temp table if not exists count_atomic (i int)");
    probe();   // the CREATE emptied the statement cache (PlanInvalidation): the probe is cached again
    assertRefusedUnsent(() -> c.batch()
        .add("insert into count_atomic values ($1)", 1)
        .add("insert into count_atomic values ($1) -- a new statement", 2, 3)
        .runAtomic(), "statement 2 of 2", "2 were given");
    assertEquals(0L, c.query("select count(*) from count_atomic").get(0).getLong(0));
  }
}
