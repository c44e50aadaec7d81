package io.sluice.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which statements stream COPY data (refused through JDBC), and which queries read one table; no server needed. */
class StatementKindsTest {
  @ParameterizedTest
  @ValueSource(strings = {"COPY cp FROM STDIN", "/* load */ copy cp from stdin", "-- a\n  copy cp (a, b) to Stdout",
      "copy (select 1) to stdout with (format csv)", "\n/* a /* nested */ */ COPY cp FROM stdin"})
  void copyStreamsAreFound(String sql) {
    assertTrue(StatementKinds.copiesStream(sql), sql);
  }

  @ParameterizedTest
  @ValueSource(strings = {"select 'copy t from stdin'", "copy t from '/srv/stdin'", "copy t to '/tmp/x'",
      "select 1 -- copy t from stdin", "copy t from /* stdin */ '/srv/x'", "insert into copy values (1)", ""})
  void otherStatementsAreNot(String sql) {
    assertFalse(StatementKinds.copiesStream(sql), sql);
  }

  /** Issue 37 §3: the regular expression this replaced overflowed the stack on 1,000 leading comments. */
  @Test
  void manyLeadingCommentsAreScannedNotRecursed() {
    assertFalse(StatementKinds.copiesStream("/**/ ".repeat(200_000) + "select 1"));
    assertTrue(StatementKinds.copiesStream("/**/ ".repeat(200_000) + "copy t from stdin"));
    assertFalse(StatementKinds.copiesStream("copy t from " + "x ".repeat(500_000)));
  }

  /** An updatable result's query reads one table (UpdatableTable): a self-join's columns also name one table. */
  @ParameterizedTest
  @ValueSource(strings = {"select * from t", "SELECT a, b FROM ONLY s.t WHERE a IN (SELECT x FROM u, v) ORDER BY a, b",
      "select extract(year from d), id from t", "select substring(s from 1 for 2), id from t where a = 'x, y'",
      "select id from \"a,b\" where f(1, 2) limit 3", "with w as (select 1) select id from t",
      "select id from t union select id from t", "select \"join\" from t -- join, , ",
      "select id from t where id in (select id from u, v) and id in (select 1 from t join t t2 on true)",
      "select id from generate_series(1, 3) as g(id)", "with a as (select 1), b as (select 2) select id from t"})
  void oneTableIsRead(String sql) {
    assertTrue(StatementKinds.readsOneTable(sql), sql);
  }

  @ParameterizedTest
  @ValueSource(strings = {"select a.id from t a join t b on a.id = b.id", "select * from t, u",
      "select * from t natural JOIN u", "select * from (select * from t, t t2) s", "select * from t cross join u",
      "with w as (select * from t a join t b on true) select * from w", "select * from t, lateral f(t.x)"})
  void moreThanOneIsNot(String sql) {
    assertFalse(StatementKinds.readsOneTable(sql), sql);
  }
}
