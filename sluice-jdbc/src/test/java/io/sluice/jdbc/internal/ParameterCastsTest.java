package io.sluice.jdbc.internal;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.sql.JdbcSql;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The casts of typed parameters written after their placeholders, in one forward pass. */
class ParameterCastsTest {
  @Test
  void eachCastFollowsItsPlaceholderAndOthersAreLeftAlone() {
    var r = JdbcSql.rewrite("select ?, ?, ? where x = ?", true);
    List<String> sql = ParameterCasts.apply(r, new String[] {"varchar", null, "int4", "varchar"});
    assertEquals(List.of("select $1::varchar, $2, $3::int4 where x = $4::varchar"), sql);
  }

  @Test
  void castsGoToTheStatementTheirParameterIsIn() {
    var r = JdbcSql.rewrite("select ?; select ?, ?", true);
    assertEquals(List.of("select $1", "select $1::int8, $2::bool"),
        ParameterCasts.apply(r, new String[] {null, "int8", "bool"}));
  }

  // regression: inserting from the end moved the text's tail once per cast, quadratic in the
  // parameters (65,535 setString took 6x pgjdbc's time); forward, the same text comes out
  @Test
  void sixtyFiveThousandCastsComeOutInOrder() {
    int n = 65_535;
    var r = JdbcSql.rewrite("select 1 in (?" + ", ?".repeat(n - 1) + ")", true);
    String[] casts = new String[n];
    java.util.Arrays.fill(casts, "varchar");
    String sql = ParameterCasts.apply(r, casts).get(0);
    assertTrue(sql.startsWith("select 1 in ($1::varchar, $2::varchar"), sql.substring(0, 60));
    assertTrue(sql.endsWith("$65534::varchar, $65535::varchar)"));
  }
}
