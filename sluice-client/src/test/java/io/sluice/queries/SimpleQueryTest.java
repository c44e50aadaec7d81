package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException;
import io.sluice.SqlStateClass;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The simple query protocol against a real server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class SimpleQueryTest {
  static PostgresServer pg;
  static Connection c;

  @BeforeAll
  static void connect() {
    pg = PostgresServer.shared();
    c = Connection.open(pg.conninfo(""));
  }

  @AfterAll
  static void close() {
    c.close();
  }

  @Test
  void severalStatementsGiveSeveralResults() {
    List<SimpleResult> r = c.simpleQuery(
        "create temp table sq(a int, b text); insert into sq values (1, 'x'), (2, null); select * from sq order by a");
    assertEquals(3, r.size());
    assertEquals("CREATE TABLE", r.get(0).commandTag());
    assertEquals(2, r.get(1).rowCount());
    assertEquals(List.of("a", "b"), r.get(2).columns());
    assertEquals(List.of(List.of("1", "x"), Arrays.asList("2", null)), r.get(2).rows());
    c.simpleQuery("drop table sq");
  }

  @Test
  void emptyQuery() {
    List<SimpleResult> r = c.simpleQuery("");
    assertEquals(1, r.size());
    assertEquals("", r.get(0).commandTag());
    assertEquals(-1, r.get(0).rowCount());
  }

  @Test
  void errorCarriesEveryFieldAndTheConnectionStaysUsable() {
    ServerException e = assertThrows(ServerException.class, () -> c.simpleQuery("select 1; select * from no_such_table"));
    assertEquals("42P01", e.sqlState());
    assertEquals("ERROR", e.severity());
    assertEquals(SqlStateClass.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION, e.stateClass());
    assertEquals(25, e.position());  // 1-based, in the whole query string
    assertTrue(e.serverMessage().contains("no_such_table"));
    assertEquals(SluiceException.Outcome.SERVER_ERROR, e.outcome());
    assertFalse(e.isConnectionFatal());
    assertEquals("2", c.simpleQuery("select 2").get(0).rows().get(0).get(0));
  }

  @Test
  void constraintErrorsNameTheirObjects() {
    c.simpleQuery("create temp table uq(id int constraint uq_pk primary key)");
    try {
      c.simpleQuery("insert into uq values (1)");
      ServerException e = assertThrows(ServerException.class, () -> c.simpleQuery("insert into uq values (1)"));
      assertEquals("23505", e.sqlState());
      assertEquals("uq_pk", e.constraint());
      assertEquals("uq", e.table());
      assertNotNull(e.detail());
    } finally {
      c.simpleQuery("drop table uq");
    }
  }

  @Test
  void statementsAfterAFailureDoNotRunAndImplicitTransactionRollsBack() {
    c.simpleQuery("create temp table rb(a int)");
    assertThrows(ServerException.class, () -> c.simpleQuery("insert into rb values (1); select 1/0; insert into rb values (2)"));
    assertEquals("0", c.simpleQuery("select count(*) from rb").get(0).rows().get(0).get(0));
    c.simpleQuery("drop table rb");
  }

  @Test
  void unicodeTextRoundTrips() {
    String s = "zaż\u00f3\u0142\u0107 \uD83D\uDE00 \u4e2d\u6587";
    assertEquals(s, c.simpleQuery("select '" + s + "'").get(0).rows().get(0).get(0));
  }

  @Test
  void nulInSqlTextIsRefusedBeforeSending() {
    SluiceException e = assertThrows(SluiceException.class, () -> c.simpleQuery("select 1\0"));
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains("NUL"), e.getMessage());
    assertEquals("1", c.simpleQuery("select 1").get(0).rows().get(0).get(0));
  }

  @Test
  void loneSurrogateIsRefusedBeforeSending() {
    SluiceException e = assertThrows(SluiceException.class, () -> c.simpleQuery("select '\uD800'"));
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertEquals("1", c.simpleQuery("select 1").get(0).rows().get(0).get(0));
  }

  @Test
  void noticesDoNotDisturbResults() {
    List<SimpleResult> r = c.simpleQuery("do $$ begin raise notice 'hello'; end $$; select 7");
    assertEquals("7", r.get(1).rows().get(0).get(0));
  }

  @Test
  void copyThroughSimpleQueryIsRefusedCleanly() {
    c.simpleQuery("create temp table cp(a int)");
    ServerException e = assertThrows(ServerException.class, () -> c.simpleQuery("copy cp from stdin"));
    assertEquals("57014", e.sqlState());
    List<SimpleResult> out = c.simpleQuery("insert into cp values (1); copy cp to stdout; select 5");
    assertEquals("5", out.get(2).rows().get(0).get(0));
    c.simpleQuery("drop table cp");
  }

  @Test
  void terminatedBackendIsConnectionFatal() {
    Connection victim = Connection.open(pg.conninfo(""));
    c.simpleQuery("select pg_terminate_backend(" + victim.processId() + ")");
    SluiceException e = assertThrows(SluiceException.class, () -> victim.simpleQuery("select 1"));
    assertNotEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertFalse(victim.isOpen());
    victim.close();
  }
}
