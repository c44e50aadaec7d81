package io.sluice.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ValueException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 37 §3: the rewriting of 1 MB of SQL, many placeholders, deep nesting or text left open
 * either succeeds or is refused naming the problem with a bounded excerpt. (Speed is measured
 * outside the suite; these check the results, and that nesting is capped rather than recursed.)
 */
class LongSqlTest {
  static final int MB = 1 << 20;
  /** The sentence, the offset and a 40-character excerpt: never the SQL. */
  static final int BOUND = 200;

  static Stream<Arguments> refused() {
    String a = "a".repeat(MB);
    return Stream.of(
        Arguments.of("select '" + a, "unterminated string literal starting at offset 7", "…(" + (MB + 1) + " chars)"),
        Arguments.of("select \"" + a, "unterminated quoted identifier", "…(" + (MB + 1) + " chars)"),
        Arguments.of("select $" + a + "$ x", "unterminated dollar-quoted string", "…(" + (MB + 4) + " chars)"),
        Arguments.of("select /*" + "/*".repeat(MB / 2), "unterminated block comment", " chars)"),
        Arguments.of("select {fn f(" + a, "unterminated JDBC escape", " chars)"),
        Arguments.of("{call f" + "(".repeat(MB) + "}", "unbalanced parentheses in the call escape", " chars)"),
        // each level a recursion: 1 MB of them overflowed the stack
        Arguments.of("{fn f(".repeat(MB / 6), "JDBC escapes nested more than 32 deep", " chars)"),
        Arguments.of("{d ".repeat(MB / 3), "JDBC escapes nested more than 32 deep", " chars)"));
  }

  @ParameterizedTest
  @MethodSource("refused")
  void refusedWithABoundedMessage(String sql, String problem, String length) {
    ValueException e = assertThrows(ValueException.class, () -> JdbcSql.rewrite(sql, true));
    String m = e.getMessage();
    assertTrue(m.length() < BOUND, m.length() + " chars: " + m.substring(0, Math.min(300, m.length())));
    assertTrue(m.contains(problem), m);
    assertTrue(m.contains(length), m);
  }

  @Test
  void nestingUpToTheCapIsRewritten() {
    int depth = JdbcSql.MAX_NESTING;
    String sql = "select " + "{fn ucase(".repeat(depth) + "?" + ")}".repeat(depth);
    assertEquals("select " + "upper(".repeat(depth) + "$1" + ")".repeat(depth), JdbcSql.rewrite(sql, true).sql());
    String deeper = "select " + "{fn ucase(".repeat(depth + 1) + "?" + ")}".repeat(depth + 1);
    assertThrows(ValueException.class, () -> JdbcSql.rewrite(deeper, true));
  }

  /** One statement per {@code " ?;"}: each placeholder's end is counted within its own statement. */
  @Test
  void manyStatementsWithPlaceholders() {
    int n = MB / 3;
    RewrittenSql r = JdbcSql.rewrite(" ?;".repeat(n), true);
    assertEquals(n, r.parameterCount());
    assertEquals(n, r.statements().size());
    for (int i : new int[] {0, 1, n / 2, n - 1}) {
      assertEquals("$1", r.statements().get(i));
      assertEquals(i, r.parameterStatement()[i]);
      assertEquals(2, r.parameterEnd()[i], "the end of $1 in \"$1\", the leading space stripped");
    }
  }

  @Test
  void aMegabyteOfPlaceholdersInOneStatement() {
    int n = MB / 2;
    RewrittenSql r = JdbcSql.rewrite("?,".repeat(n - 1) + "?", true);
    assertEquals(n, r.parameterCount());
    assertTrue(r.sql().endsWith(",$" + n), r.sql().substring(r.sql().length() - 20));
  }

  @Test
  void aMegabyteOfBracesThatOpenNoEscape() {
    String sql = "{".repeat(MB);
    assertEquals(sql, JdbcSql.rewrite(sql, true).sql());
  }
}
