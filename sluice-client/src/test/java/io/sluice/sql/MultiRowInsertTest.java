package io.sluice.sql;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which inserts {@link MultiRowInsert} rewrites, and the text it writes; no server needed. */
class MultiRowInsertTest {
  static MultiRowInsert of(String sql) {
    return MultiRowInsert.of(sql, true).orElseThrow(() -> new AssertionError("not rewritable: " + sql));
  }

  @Test
  void rowsAreRenumberedAndTheTailKept() {
    MultiRowInsert m = of("insert into t (a, b) values ($1, $2) on conflict do nothing");
    assertEquals(2, m.parametersPerRow());
    assertEquals("insert into t (a, b) values ($1, $2) on conflict do nothing", m.sql(1));
    assertEquals("insert into t (a, b) values ($1, $2), ($3, $4), ($5, $6) on conflict do nothing", m.sql(3));
  }

  @Test
  void expressionsCastsAndRepeatedParametersTravelWithTheirRow() {
    MultiRowInsert m = of("INSERT INTO \"T\" VALUES (lower($1::text), $2, now(), $1 || 'x')");
    assertEquals("INSERT INTO \"T\" VALUES (lower($1::text), $2, now(), $1 || 'x'), (lower($3::text), $4, now(), $3 || 'x')",
        m.sql(2));
  }

  @Test
  void literalsAndCommentsThatLookLikeSqlAreText() {
    MultiRowInsert m = of("/* values ($9) */ insert into t (\"values\") -- values (\n values ('$1, values', $1) returning 'a,b'");
    assertEquals("/* values ($9) */ insert into t (\"values\") -- values (\n values ('$1, values', $1), ('$1, values', $2)"
        + " returning 'a,b'", m.sql(2));
  }

  @Test
  void nestedParenthesesStayInTheRow() {
    assertEquals("insert into t values (f(($1), g($2)), ($3)), (f(($4), g($5)), ($6))",
        of("insert into t values (f(($1), g($2)), ($3))").sql(2));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "select $1",
      "update t set a = $1",
      "with x as (select 1) insert into t values ($1)",
      "insert into t select $1",
      "insert into t default values",
      "insert into t values ($1), ($2)",
      "insert into t values ($1) on conflict (a) do update set b = $2",
      "insert into t values ($2)",
      "insert into t values ($1, $3)",
      "insert into t values ('a')",
      "insert into t values ($1); delete from t",
      "insert into t values ($1",
      "insert into t values ('unterminated, $1)",
      "insert into t (a) values",
      "insert into t values ($65536)",        // more than a Bind carries
      "insert into t values ($2147483647)"})  // once read into a 256 MB BitSet
  void otherStatementsAreLeftAlone(String sql) {
    assertTrue(MultiRowInsert.of(sql, true).isEmpty(), sql);
  }

  @Test
  void aTrailingSemicolonIsFine() {
    assertEquals("insert into t values ($1), ($2);", of("insert into t values ($1);").sql(2));
  }

  @Test
  void backslashesFollowStandardConformingStrings() {
    // off: \' escapes the quote, so the string runs on and the row never closes
    assertTrue(MultiRowInsert.of("insert into t values ('a\\', $1)", false).isEmpty());
    assertEquals("insert into t values ('a\\', $1), ('a\\', $2)", MultiRowInsert.of("insert into t values ('a\\', $1)", true)
        .orElseThrow().sql(2));
  }

  @Test
  void aBindCarriesAtMost65535Parameters() {
    MultiRowInsert m = of("insert into t values ($1, $2, $3)");
    assertEquals(21_845, m.maxRows());
    assertThrows(IllegalArgumentException.class, () -> m.sql(21_846));
    assertThrows(IllegalArgumentException.class, () -> m.sql(0));
  }
}
