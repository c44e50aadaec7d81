package io.sluice.sql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ValueException;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** JDBC's {@code ?} and brace escapes rewritten for PostgreSQL, past every literal and comment. */
class JdbcSqlTest {
  static Stream<Arguments> rewrites() {
    return Stream.of(
        Arguments.of("select 1", "select 1"),
        Arguments.of("select ?", "select $1"),
        Arguments.of("select ?, ?,?", "select $1, $2,$3"),
        Arguments.of("select ?::int+?", "select $1::int+$2"),
        Arguments.of("insert into t(a,b) values(?,?) returning *", "insert into t(a,b) values($1,$2) returning *"),
        // ?? is a literal question mark (jsonb operators)
        Arguments.of("select '{}'::jsonb ?? 'a', ?", "select '{}'::jsonb ? 'a', $1"),
        Arguments.of("select x ??| array['a'] from t where y = ?", "select x ?| array['a'] from t where y = $1"),
        Arguments.of("select ???", "select ?$1"),
        // string literals
        Arguments.of("select '?', ?", "select '?', $1"),
        Arguments.of("select 'it''s ?', ?", "select 'it''s ?', $1"),
        Arguments.of("select 'a\\', ?", "select 'a\\', $1"),                 // backslash is ordinary
        Arguments.of("select E'\\'?', ?", "select E'\\'?', $1"),            // E'\'' escapes the quote
        Arguments.of("select e'\\\\', ?", "select e'\\\\', $1"),
        Arguments.of("select U&'\\0041 ?', ?", "select U&'\\0041 ?', $1"),
        Arguments.of("select B'101', X'ff', N'?', ?", "select B'101', X'ff', N'?', $1"),
        Arguments.of("select '{d ''2020-01-01''}'", "select '{d ''2020-01-01''}'"),
        // quoted identifiers
        Arguments.of("select 1 as \"?\", ?", "select 1 as \"?\", $1"),
        Arguments.of("select 1 as \"a\"\"?\", ?", "select 1 as \"a\"\"?\", $1"),
        Arguments.of("select \"{fn ucase(x)}\"", "select \"{fn ucase(x)}\""),
        // dollar quotes
        Arguments.of("select $$ ? $$, ?", "select $$ ? $$, $1"),
        Arguments.of("select $tag$ ? $$ ? $tag$, ?", "select $tag$ ? $$ ? $tag$, $1"),
        Arguments.of("do $_$ begin perform 1 where 'a' = '?'; end $_$", "do $_$ begin perform 1 where 'a' = '?'; end $_$"),
        Arguments.of("select a$b, ?", "select a$b, $1"),
        // comments
        Arguments.of("select 1 -- ?\n, ?", "select 1 -- ?\n, $1"),
        Arguments.of("select 1 /* ? /* ? */ ? */ + ?", "select 1 /* ? /* ? */ ? */ + $1"),
        Arguments.of("select 1 /* ' */ + ?", "select 1 /* ' */ + $1"),
        Arguments.of("select '/*', ? --'", "select '/*', $1 --'"),
        // escapes
        Arguments.of("select {d '2024-02-29'}", "select DATE '2024-02-29'"),
        Arguments.of("select {t '10:11:12'}, {ts '2024-02-29 10:11:12.5'}", "select TIME '10:11:12', TIMESTAMP '2024-02-29 10:11:12.5'"),
        Arguments.of("select {D '2024-02-29'}", "select DATE '2024-02-29'"),
        Arguments.of("select {fn ucase(?)}", "select upper($1)"),
        Arguments.of("select {fn lcase({fn ucase(name)})} from t", "select lower(upper(name)) from t"),
        Arguments.of("select {fn ifnull(a, ?)}", "select coalesce(a, $1)"),
        Arguments.of("select {fn mod(a, ?)}", "select mod(a, $1)"),   // a function not translated stays as written
        // JDBC functions as pgjdbc writes them (issue 35 §6), each argument with its white space as
        // written, as in pgjdbc's text; arguments reordered or repeated keep their parameter
        Arguments.of("select {fn insert(?, ?, ?, ?)}", "select overlay($1 placing  $2 from  $3 for  $4)"),
        Arguments.of("select {fn locate(?, ?)}", "select position($1 in  $2)"),
        Arguments.of("select {fn locate(?, ?, ?)}",
            "select ((( $1)-1)*sign(position($2 in substring( $3 from  $1)))+position($2 in substring( $3 from  $1)))"),
        Arguments.of("select {fn right(?, 2)}", "select substring($1 from (length($1)+1- 2))"),
        Arguments.of("select {fn dayname(?)}", "select to_char($1,'FMDay')"),
        Arguments.of("select {fn timestampadd(SQL_TSI_DAY, ?, ?)}", "select (CAST( $1||' day' as interval)+ $2)"),
        Arguments.of("select {fn timestampadd(sql_tsi_quarter, 2, ts)}", "select (CAST(( 2::int * 3) || ' month' as interval)+ ts)"),
        Arguments.of("select {fn timestampdiff(SQL_TSI_HOUR, a, b)}", "select extract( hour from ( b- a))"),
        Arguments.of("select {fn concat(?, 'b', ?)}", "select ($1|| 'b'|| $2)"),
        Arguments.of("select {fn user()}, {fn database()}", "select user, current_database()"),
        Arguments.of("select {fn curdate()}, {fn now()}", "select current_date, now()"),
        Arguments.of("select {fn abs(?)}", "select abs($1)"),
        Arguments.of("select * from {oj a left outer join b on a.id = b.id and b.x = ?}", "select * from a left outer join b on a.id = b.id and b.x = $1"),
        Arguments.of("select * from t where n like ? {escape '\\'}", "select * from t where n like $1 ESCAPE '\\'"),
        Arguments.of("select * from t {limit 10}", "select * from t LIMIT 10"),
        Arguments.of("{call f(?, ?)}", "select * from f($1,$2) as result"),
        Arguments.of("{ call s.f }", "select * from s.f() as result"),
        Arguments.of("{?= call f(?)}", "select * from f($1) as result"),
        Arguments.of("{ ? = call f('}', ?, (1,2))}", "select * from f('}',$1,(1,2)) as result"),
        // hostile: escape-looking text where it is no escape, escapes holding literals and comments
        Arguments.of("select 1 -- {fn ucase(?)}\n, ?", "select 1 -- {fn ucase(?)}\n, $1"),
        Arguments.of("select /* {d '2020-01-01'} ? */ ?", "select /* {d '2020-01-01'} ? */ $1"),
        Arguments.of("select {fn ucase('}' || ?)}", "select upper('}' || $1)"),
        Arguments.of("select {fn concat($$}$$, ?)}", "select ($$}$$|| $1)"),
        Arguments.of("select {fn ucase(/* } */ ?)}", "select upper(/* } */ $1)"),
        Arguments.of("select {fn ucase(\"a}b\")}", "select upper(\"a}b\")"),
        Arguments.of("select {ts ?}", "select TIMESTAMP $1"),
        Arguments.of("{call f('a,b', (1, 2), ?)}", "select * from f('a,b',(1, 2),$1) as result"),
        Arguments.of("{call f(?, {fn ucase(?)})}", "select * from f($1,upper($2)) as result"),
        Arguments.of("select 'é?', ?, \"ü?\"", "select 'é?', $1, \"ü?\""),
        Arguments.of("select ?::text[] @> '{a}'", "select $1::text[] @> '{a}'"),
        Arguments.of("select $1", "select $1"),   // a $n the caller wrote is left alone
        // braces that are no escape
        Arguments.of("select array_length('{1,2}'::int[], ?)", "select array_length('{1,2}'::int[], $1)"),
        Arguments.of("select {x}", "select {x}"));
  }

  @ParameterizedTest
  @MethodSource("rewrites")
  void rewrites(String jdbc, String expected) {
    assertEquals(expected, JdbcSql.rewrite(jdbc, true).sql(), jdbc);
  }

  @Test
  void standardConformingStringsOffMakesBackslashAnEscape() {
    // off: 'it\'s ?' is one string; on: 'it\' ends at the second quote and ? is a placeholder
    assertEquals("select 'it\\'s ?', $1", JdbcSql.rewrite("select 'it\\'s ?', ?", false).sql());
    assertThrows(ValueException.class, () -> JdbcSql.rewrite("select 'it\\'s ?', ?", true));
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("select 'abc ?", "unterminated string literal starting at offset 7"),
        Arguments.of("select E'abc\\'", "unterminated string literal"),
        Arguments.of("select \"abc", "unterminated quoted identifier"),
        Arguments.of("select $q$ abc", "unterminated dollar-quoted string"),
        Arguments.of("select 1 /* /* */", "unterminated block comment"),
        Arguments.of("select {fn ucase(?)", "unterminated JDBC escape"),
        Arguments.of("{call f(?}", "unbalanced parentheses"),
        Arguments.of("{call f(?) x}", "text after the argument list"),
        Arguments.of("select {fn ucase('a)}", "unterminated string literal"),
        Arguments.of("select {fn }", "must start with a function name"),
        Arguments.of("select {d '2020-01-01'", "unterminated JDBC escape"),
        // issue 35 §6: these were sent on as SQL ("select * from () as result", a stray brace)
        Arguments.of("{call}", "a call escape needs a routine name"),
        Arguments.of("{? = call }", "a call escape needs a routine name"),
        Arguments.of("{call (?)}", "a call escape needs a routine name"),
        Arguments.of("{call f(?)}}", "the '}' at offset 11 closes no JDBC escape"),
        Arguments.of("select 1 }", "unbalanced braces"));
  }

  @ParameterizedTest
  @MethodSource("refused")
  void unterminatedTextIsRefusedNamingIt(String sql, String message) {
    ValueException e = assertThrows(ValueException.class, () -> JdbcSql.rewrite(sql, true));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void withoutParametersQuestionMarksAreOrdinaryCharacters() {
    RewrittenSql r = JdbcSql.rewriteWithoutParameters("select '{}'::jsonb ? 'a', x ?? y, {fn ucase('b')}; select 2", true,
        JdbcSql.CallMode.SELECT);
    assertEquals(List.of("select '{}'::jsonb ? 'a', x ?? y, upper('b')", "select 2"), r.statements());
    assertEquals(0, r.parameterCount());
  }

  @Test
  void aLineCommentMayRunToTheEnd() {
    assertEquals("select $1 -- ?", JdbcSql.rewrite("select ? -- ?", true).sql());
  }

  @Test
  void statementsAreSplitAtTopLevelSemicolonsAndNumberedEach() {
    RewrittenSql r = JdbcSql.rewrite("insert into t values (?); /* ; */ select ';', ?, ? ; ; -- end", true);
    assertEquals(List.of("insert into t values ($1)", "/* ; */ select ';', $1, $2"), r.statements());
    assertEquals(3, r.parameterCount());
    assertArrayEquals(new int[] {1, 1, 2}, r.parameterIndex());
    assertArrayEquals(new int[] {0, 1, 1}, r.parameterStatement());
    assertEquals(1, r.valuesOf(0));
    assertEquals(2, r.valuesOf(1));
    // where each $n ends in its statement: a caller may append a cast there
    assertEquals("insert into t values ($1", r.statements().get(0).substring(0, r.parameterEnd()[0]));
    assertEquals("/* ; */ select ';', $1", r.statements().get(1).substring(0, r.parameterEnd()[1]));
    assertEquals("/* ; */ select ';', $1, $2", r.statements().get(1).substring(0, r.parameterEnd()[2]));
  }

  @Test
  void semicolonsInsideParenthesesAndAtomicBodiesEndNoStatement() {
    String rule = "create rule r as on insert to t do also (insert into a values (1); insert into b values (2))";
    assertEquals(1, JdbcSql.rewrite(rule, true).statements().size());
    String atomic = "create function f() returns int language sql begin atomic select case when true then 1 end; select 2; end;"
        + " select f()";
    RewrittenSql r = JdbcSql.rewrite(atomic, true);
    assertEquals(2, r.statements().size(), r.statements().toString());
    assertEquals("select f()", r.statements().get(1));
  }

  @Test
  void escapeFunctionsReorderAndRepeatParametersWithoutRenumberingThem() {
    RewrittenSql insert = JdbcSql.rewrite("select {fn insert(?, ?, ?, ?)}, ?", true);
    assertArrayEquals(new int[] {1, 3, 4, 2, 5}, insert.parameterIndex(), "the 4th ? is written second");
    RewrittenSql locate = JdbcSql.rewrite("select {fn locate(?, ?, ?)}, ?", true);
    assertArrayEquals(new int[] {2, 3, 1, 4}, locate.parameterIndex(), "the 3rd ? is written first, and again");
    assertEquals(4, locate.valuesOf(0));
  }

  @Test
  void escapeFunctionsRefuseAWrongNumberOfArgumentsAndUnknownIntervals() {
    assertThrows(io.sluice.ValueException.class, () -> JdbcSql.rewrite("select {fn ucase(a, b)}", true));
    assertThrows(io.sluice.ValueException.class, () -> JdbcSql.rewrite("select {fn timestampadd(SQL_TSI_FRAC_SECOND, 1, t)}", true));
    assertThrows(io.sluice.ValueException.class, () -> JdbcSql.rewrite("select {fn timestampdiff(SQL_TSI_MONTH, a, b)}", true));
  }

  @Test
  void aReturningCallTakesTheFirstPlaceholderAsItsResult() {
    RewrittenSql r = JdbcSql.rewrite("{? = call f(?, ?)}", true);
    assertEquals(RewrittenSql.Call.CALL_RETURNING, r.call());
    assertEquals(3, r.parameterCount());
    assertArrayEquals(new int[] {0, 1, 2}, r.parameterIndex());
  }

  @Test
  void outArgumentsOfAFunctionCallAreLeftOut() {
    BitSet out = new BitSet();
    out.set(2);
    RewrittenSql r = JdbcSql.rewrite("{call f(?, ?, ?)}", true, out, JdbcSql.CallMode.SELECT);
    assertEquals("select * from f($1,$2) as result", r.sql());
    assertArrayEquals(new int[] {1, 0, 2}, r.parameterIndex());
    assertEquals(-1, r.parameterEnd()[1]);
  }

  @Test
  void procedureCallsKeepEveryArgument() {
    BitSet out = new BitSet();
    out.set(2);
    assertEquals("call p($1,$2)", JdbcSql.rewrite("{call p(?, ?)}", true, out, JdbcSql.CallMode.CALL_IF_NO_RETURN).sql());
    assertEquals("select * from f($1) as result",
        JdbcSql.rewrite("{? = call f(?)}", true, new BitSet(), JdbcSql.CallMode.CALL_IF_NO_RETURN).sql());
    assertEquals(RewrittenSql.Call.NONE, JdbcSql.rewrite("call p(?)", true).call());
  }

  @Test
  void hostileInputNeverLoopsOrThrowsOtherThanValueException() {
    String[] pieces = {"?", "??", "'", "\"", "$$", "$a$", "--", "/*", "*/", "{", "}", "{fn ", "{call ", "(", ")", ";",
        "E'", "\\", "\n", " ", "x"};
    java.util.Random random = new java.util.Random(13);
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder();
      for (int k = random.nextInt(12); k >= 0; k--) {
        sb.append(pieces[random.nextInt(pieces.length)]);
      }
      try {
        RewrittenSql r = JdbcSql.rewrite(sb.toString(), random.nextBoolean());
        assertEquals(r.parameterCount(), r.parameterIndex().length);
      } catch (ValueException expected) {
        assertNotNull(expected.getMessage());
      }
    }
  }
}
