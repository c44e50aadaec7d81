package io.sluice.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which statements stream COPY data (refused through JDBC); no server needed. */
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
}
