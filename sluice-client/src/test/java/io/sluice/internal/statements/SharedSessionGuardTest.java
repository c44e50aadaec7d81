package io.sluice.internal.statements;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.PoolerMode;
import io.sluice.ValueException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What pooler_mode=transaction refuses before sending, and what it lets through (issue 37). */
class SharedSessionGuardTest {
  @ParameterizedTest
  @ValueSource(strings = {"set search_path = a", "SET work_mem TO '64MB'", "set session search_path = a",
      "set session authorization bob", "set session characteristics as transaction read only", "listen ch",
      "  /* why */ LISTEN \"ch\"", "prepare p as select 1", "declare c cursor with hold for select 1",
      "select pg_advisory_lock(1)", "select pg_try_advisory_lock_shared(1, 2)", "select 1; set search_path = a"})
  void refused(String sql) {
    ValueException e = SharedSessionGuard.refusal(sql, true, PoolerMode.TRANSACTION);
    assertNotNull(e, sql);
    assertTrue(e.getMessage().contains("pooler_mode=transaction") && e.getMessage().contains("Nothing was sent"),
        e.getMessage());
    assertNull(SharedSessionGuard.refusal(sql, true, PoolerMode.SESSION), "session mode refuses nothing");
    assertNull(SharedSessionGuard.refusal(sql, true, PoolerMode.NONE));
  }

  @ParameterizedTest
  @ValueSource(strings = {"set local search_path = a", "set transaction isolation level serializable",
      "set constraints all deferred", "set timezone = 'UTC'", "SET TIME ZONE 'UTC'", "set application_name = 'x'",
      "set session timezone = 'UTC'", "select pg_advisory_xact_lock(1)", "select pg_advisory_unlock(1)",
      "declare c cursor without hold for select 1", "declare c cursor for select 1", "select 'listen'",
      "select 1 -- set search_path = a", "select listen from t", "reset search_path", "unlisten *",
      "select 'pg_advisory_lock(1)'", "select $$set x = 1$$"})
  void allowed(String sql) {
    assertNull(SharedSessionGuard.refusal(sql, true, PoolerMode.TRANSACTION), sql);
    assertNull(SharedSessionGuard.refusal(sql, true, PoolerMode.STATEMENT), sql);
  }
}
