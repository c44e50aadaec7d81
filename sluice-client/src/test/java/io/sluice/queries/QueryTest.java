package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Column;
import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.ValueException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The extended query protocol: parameters, binary rows, statement cache, errors. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class QueryTest {
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
  void parametersAndTypedGetters() {
    RowSet rs = c.query("select $1::int4 as i, $2::int8 as l, $3::text as t, $4::float8 as d, $5::bool as b, "
        + "$6::numeric as n, $7::uuid as u, $8::date as dt, $9::timestamptz as ts",
        42, 7_000_000_000L, "héllo", 2.5, true, new BigDecimal("12.345"),
        UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), LocalDate.of(2024, 2, 29),
        OffsetDateTime.of(2024, 3, 1, 12, 0, 0, 123456000, ZoneOffset.UTC));
    assertEquals(1, rs.size());
    Row r = rs.get(0);
    assertEquals(42, r.getInt("i"));
    assertEquals(7_000_000_000L, r.getLong(1));
    assertEquals("héllo", r.getString("t"));
    assertEquals(2.5, r.getDouble("d"));
    assertTrue(r.getBoolean("b"));
    assertEquals(new BigDecimal("12.345"), r.getBigDecimal("n"));
    assertEquals(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), r.getUUID("u"));
    assertEquals(LocalDate.of(2024, 2, 29), r.getLocalDate("dt"));
    assertEquals(Instant.parse("2024-03-01T12:00:00.123456Z"), r.getInstant("ts"));
    assertEquals("SELECT 1", rs.commandTag());
    assertTrue(rs.columns().get(0).binary(), "int4 comes back in binary");
    assertEquals(23, rs.columns().get(0).typeOid());
  }

  @Test
  void nullsAndNaturalValues() {
    Row r = c.query("select null::int as a, 1::int2 as b, 'x'::varchar as c, null::text as d").get(0);
    assertTrue(r.isNull("a"));
    assertNull(r.get("a"));
    assertEquals((short) 1, r.get("b"));
    assertEquals("x", r.get("c"));
    assertNull(r.getString("d"));
    ValueException e = assertThrows(ValueException.class, () -> r.getInt("a"));
    assertTrue(e.getMessage().contains("NULL"), e.getMessage());
    assertTrue(c.query("select $1::int", (Object) null).get(0).isNull(0));
  }

  @Test
  void manyRowsAndColumnMetadata() {
    c.simpleQuery("create temp table qt(id int primary key, name text not null)");
    try {
      for (int i = 0; i < 100; i++) {
        assertEquals(1, c.execute("insert into qt values ($1, $2)", i, "n" + i));
      }
      RowSet rs = c.query("select id, name from qt where id >= $1 order by id", 10);
      assertEquals(90, rs.size());
      assertEquals(90, rs.rowCount());
      assertEquals("n55", rs.get(45).getString("name"));
      Column id = rs.columns().get(0);
      assertEquals("id", id.name());
      assertEquals(1, id.columnNumber());
      assertNotEquals(0, id.tableOid());
      assertEquals(90, c.execute("update qt set name = name || '!' where id >= $1", 10));
    } finally {
      c.simpleQuery("drop table qt");
    }
  }

  @Test
  void noRowStatementsAndEmptyResults() {
    assertEquals(0, c.query("select 1 where false").size());
    assertEquals(-1, c.execute("set application_name = 'q'"));
    assertEquals(0, c.query("set application_name = 'q'").columns().size());
  }

  @Test
  void stringParametersLetTheServerInferTheType() {
    assertEquals(5, c.query("select $1 + 2 as v", "3").get(0).getInt("v"));
    assertEquals(LocalDate.of(2020, 1, 2), c.query("select $1::date as d", "2020-01-02").get(0).getLocalDate("d"));
  }

  @Test
  void streamingDeliversEveryRowInOrderWithoutKeepingThem() {
    long[] sum = {0};
    int[] count = {0};
    c.forEach("select g from generate_series(1, 100000) g", row -> {
      sum[0] += row.getInt(0);
      count[0]++;
    });
    assertEquals(100000, count[0]);
    assertEquals(100000L * 100001 / 2, sum[0]);
    long total = c.reduce("select g from generate_series(1, $1) g", 0L, (a, row) -> a + row.getLong(0), 1000);
    assertEquals(500500L, total);
  }

  @Test
  void aCallbackThatThrowsStopsDeliveryAndLeavesTheConnectionUsable() {
    List<Integer> seen = new ArrayList<>();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.forEach(
        "select g from generate_series(1, 1000) g", row -> {
          seen.add(row.getInt(0));
          if (seen.size() == 3) {
            throw new IllegalStateException("stop");
          }
        }));
    assertEquals("stop", e.getMessage());
    assertEquals(List.of(1, 2, 3), seen);
    assertEquals(1, c.query("select 1").get(0).getInt(0));
  }

  @Test
  void serverErrorsKeepTheConnectionUsable() {
    ServerException e = assertThrows(ServerException.class, () -> c.query("select * from no_such_table_q"));
    assertEquals("42P01", e.sqlState());
    ServerException div = assertThrows(ServerException.class, () -> c.query("select 1 / $1", 0));
    assertEquals("22012", div.sqlState());
    assertEquals(1, c.query("select 1").get(0).getInt(0));
  }

  @Test
  void wrongParameterCountIsRefusedBeforeSending() {
    ValueException e = assertThrows(ValueException.class, () -> c.query("select $1::int, $2::int", 1));
    assertTrue(e.getMessage().contains("2 parameters but 1 was given"), e.getMessage());
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertEquals(1, c.query("select 1").get(0).getInt(0));
  }

  @Test
  void tooManyParametersIsAClearError() {
    Object[] params = new Object[65536];
    java.util.Arrays.fill(params, 1);
    StringBuilder sql = new StringBuilder("select 0");
    for (int i = 1; i <= 65536; i++) {
      sql.append("+$").append(i);
    }
    SluiceException e = assertThrows(SluiceException.class, () -> c.query(sql.toString(), params));
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains("65535"), e.getMessage());
    assertEquals(1, c.query("select 1").get(0).getInt(0));
  }

  @Test
  void nulInSqlAndUnencodableValuesAreRefusedBeforeSending() {
    SluiceException nul = assertThrows(SluiceException.class, () -> c.query("select 1\0", new Object[0]));
    assertEquals(SluiceException.Outcome.NOT_SENT, nul.outcome());
    ValueException bad = assertThrows(ValueException.class, () -> c.query("select $1", new Object()));
    assertTrue(bad.getMessage().contains("$1"), bad.getMessage());
    SluiceException surrogate = assertThrows(SluiceException.class, () -> c.query("select $1::text", "\uD800"));
    assertEquals(SluiceException.Outcome.NOT_SENT, surrogate.outcome());
    assertEquals(1, c.query("select 1").get(0).getInt(0));
  }

  @Test
  void statementCacheReusesAndRecoversFromInvalidation() {
    try (Connection own = Connection.open(pg.conninfo("statement_cache_size=2"))) {
      own.simpleQuery("create temp table sc(a int)");
      own.execute("insert into sc values (1)");
      assertEquals(1, own.query("select * from sc").size());
      // the table changes under the cached statement: "cached plan must not change result type"
      own.simpleQuery("alter table sc add column b text");
      assertEquals(2, own.query("select * from sc").get(0).columnCount());
      // the session's own DDL inside a transaction empties the cache (as pgjdbc re-prepares), so
      // the statement is prepared again and sees the new column, inside the transaction and after it
      assertEquals(3, own.transaction(tx -> {
        tx.simpleQuery("alter table sc add column c text");
        return tx.query("select * from sc");
      }).get(0).columnCount());
      assertEquals(3, own.query("select * from sc").get(0).columnCount(), "the alter was committed");
      // another session's DDL cannot be seen coming: inside a transaction the error aborts it, with
      // no retry (it could only fail with 25P02); the caller sees the real error, and the statement
      // is prepared again after the rollback
      String shared = "sc_shared_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
      own.simpleQuery("create table " + shared + "(a int)");
      try {
        assertEquals(0, own.query("select * from " + shared).size());
        ServerException inTx = assertThrows(ServerException.class, () -> own.transaction(tx -> {
          try (Connection other = Connection.open(pg.conninfo(""))) {
            other.simpleQuery("alter table " + shared + " add column b text");
          }
          return tx.query("select * from " + shared);
        }));
        assertEquals("0A000", inTx.sqlState(), inTx.getMessage());
        assertTrue(inTx.serverMessage().contains("cached plan"), inTx.getMessage());
        assertEquals(0, own.query("select * from " + shared).size());
        assertEquals(2, own.query("select * from " + shared + " where false").columns().size(),
            "prepared again after the rollback");
      } finally {
        own.simpleQuery("drop table " + shared);
      }
      // DISCARD ALL drops every prepared statement on the server: 26000, prepared again once
      own.simpleQuery("discard all");
      own.simpleQuery("create temp table sc(a int)");
      assertEquals(0, own.query("select * from sc").size());
      // more statements than the cache holds: evicted ones are closed on the server
      for (int i = 0; i < 10; i++) {
        assertEquals(i, own.query("select " + i + "::int").get(0).getInt(0));
      }
      int onServer = own.query("select count(*)::int from pg_prepared_statements").get(0).getInt(0);
      assertTrue(onServer <= 3, "statements left on the server: " + onServer);
    }
  }

  @Test
  void unnamedStatementModeForPoolers() {
    try (Connection own = Connection.open(pg.conninfo("statement_cache_size=0"))) {
      for (int i = 0; i < 5; i++) {
        assertEquals(i + 1, own.query("select $1::int + 1", i).get(0).getInt(0));
      }
      assertEquals(0, own.query("select count(*)::int from pg_prepared_statements").get(0).getInt(0));
    }
  }

  @Test
  void timestampsAreExactInEveryJvmZone() {
    java.util.TimeZone saved = java.util.TimeZone.getDefault();
    try {
      for (String zone : List.of("Pacific/Chatham", "America/Sao_Paulo", "UTC")) {
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone(zone));
        Row r = c.query("select '2024-03-10 02:30:00'::timestamp as l, '2024-03-10 02:30:00+00'::timestamptz as z").get(0);
        assertEquals(LocalDateTime.of(2024, 3, 10, 2, 30), r.getLocalDateTime("l"), zone);
        assertEquals(Instant.parse("2024-03-10T02:30:00Z"), r.getInstant("z"), zone);
      }
    } finally {
      java.util.TimeZone.setDefault(saved);
    }
  }
}
