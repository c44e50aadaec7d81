package io.sluice.internal.statements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.internal.statements.PlanInvalidation.Effect;
import org.junit.jupiter.api.Test;

/** Which completed commands empty the statement cache (issue 35: 0A000 inside a transaction). */
class PlanInvalidationTest {
  @Test
  void ddlPreparesAgain() {
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("CREATE TABLE", "create table t (v int)"));
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("DROP TABLE", "drop table t"));
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("ALTER TABLE", "alter table t add w int"));
  }

  @Test
  void searchPathChangesPrepareAgainInAnyCase() {
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("SET", "set search_path to a,public"));
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("SET", "SET SEARCH_PATH TO a"));
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("SET", "set local search_path = a"));
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("RESET", "RESET search_path"));
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("RESET", "reset ALL"));
    assertEquals(Effect.REPREPARE, PlanInvalidation.after("SELECT 1", "select set_config('search_path', $1, false)"));
  }

  @Test
  void otherSettingsAndQueriesKeepTheCache() {
    assertEquals(Effect.NONE, PlanInvalidation.after("SET", "set statement_timeout = 0"));
    assertEquals(Effect.NONE, PlanInvalidation.after("RESET", "reset statement_timeout"));
    assertEquals(Effect.NONE, PlanInvalidation.after("RESET", "reset ball_size"));
    assertEquals(Effect.NONE, PlanInvalidation.after("SELECT 3", "select * from search_path_log"));
    assertEquals(Effect.NONE, PlanInvalidation.after("INSERT 0 1", "insert into t values (1)"));
    assertEquals(Effect.NONE, PlanInvalidation.after("DELETE 2", "delete from t"));
    assertEquals(Effect.NONE, PlanInvalidation.after(null, "select 1"));
    assertEquals(Effect.NONE, PlanInvalidation.after("", ""));
  }

  @Test
  void discardAndDeallocateAllLeaveNothingToClose() {
    assertEquals(Effect.GONE, PlanInvalidation.after("DISCARD ALL", "discard all"));
    assertEquals(Effect.GONE, PlanInvalidation.after("DEALLOCATE ALL", "deallocate all"));
    assertEquals(Effect.NONE, PlanInvalidation.after("DISCARD TEMP", "discard temp"));
  }

  @Test
  void aReportedSearchPathChangePreparesAgain() {
    assertEquals(true, PlanInvalidation.searchPathReported("search_path", "a", "\"$user\", public"));
    assertEquals(false, PlanInvalidation.searchPathReported("search_path", "a", "a"));
    assertEquals(false, PlanInvalidation.searchPathReported("search_path", "a", null));
    assertEquals(false, PlanInvalidation.searchPathReported("TimeZone", "UTC", "Europe/Paris"));
  }
}
