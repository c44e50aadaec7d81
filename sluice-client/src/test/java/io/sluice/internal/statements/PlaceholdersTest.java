package io.sluice.internal.statements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The highest {@code $n} as PostgreSQL's scanner sees it, past every kind of literal and comment. */
class PlaceholdersTest {
  static Stream<Arguments> sql() {
    return Stream.of(
        // plain parameters
        Arguments.of("select 1", 0),
        Arguments.of("select $1", 1),
        Arguments.of("select $1::int, $2, $1", 2),
        Arguments.of("select $2", 2),                           // a gap still needs $1's value
        Arguments.of("select $10+$9", 10),
        Arguments.of("select $1,$2", 2),
        Arguments.of("select 1+$1", 1),
        Arguments.of("select $1" + "0".repeat(20), Integer.MAX_VALUE), // absurd number: counted, not thrown
        // string literals
        Arguments.of("select '$1'", 0),
        Arguments.of("select 'it''s $1', $2", 2),
        Arguments.of("select '' , $1", 1),
        Arguments.of("select 'a\\', $1", 1),                  // standard strings: backslash is ordinary
        Arguments.of("select E'\\'$1', $2", 2),               // E'\'' escapes the quote
        Arguments.of("select e'\\\\', $1", 1),                // E'\\' is one backslash, then the string ends
        Arguments.of("select E'it''s $3'", 0),
        Arguments.of("select xe'$1'", 0),                     // xe is a name; '$1' a plain string
        Arguments.of("select U&'\\0041 $1', $2", 2),
        Arguments.of("select U&\"a$1\"", 0),
        Arguments.of("select B'101', X'ff', N'$1'", 0),
        // quoted identifiers
        Arguments.of("select 1 as \"$1\"", 0),
        Arguments.of("select 1 as \"a\"\"$1\", $1", 1),
        // dollar quotes
        Arguments.of("select $$ $1 $$", 0),
        Arguments.of("select $$it's$$, $1", 1),
        Arguments.of("select $tag$ $1 $$ $2 $tag$, $3", 3),
        Arguments.of("select $a$ $b$ $1 $b$ $a$", 0),
        Arguments.of("create function f(int) returns int language sql as $body$ select $1 + $2 $body$", 0),
        Arguments.of("do $_$ begin perform $1; end $_$", 0),
        Arguments.of("select $1$$", 1),                          // $1 then an unterminated $$ (a tag never starts with a digit)
        Arguments.of("select $1$x$ $2 $x$", 1),
        Arguments.of("select $é$ $5 $é$, $1", 1),
        Arguments.of("select $ $1", 1),                          // a lone $ is not a quote
        // identifiers holding $
        Arguments.of("select a$1 from t", 0),
        Arguments.of("select a$$1$$", 0),
        Arguments.of("select é$1", 0),
        Arguments.of("select _$2, $1", 1),
        Arguments.of("select 1$1", 1),                           // a number, then a parameter
        // comments
        Arguments.of("select 1 -- $1\n, $2", 2),
        Arguments.of("select 1 -- $1\r, $2", 2),
        Arguments.of("select 1 /* $1 */ + $2", 2),
        Arguments.of("select 1 /* a /* $1 */ $2 */ + $3", 3),   // comments nest
        Arguments.of("select 1 /* '$1 */ + $2", 2),             // a quote inside a comment opens nothing
        Arguments.of("select '/*', $1 --'", 1),
        Arguments.of("select 1+--$1\n$2", 2),
        Arguments.of("select 1 /*/ $1 */ + $2", 2),
        // unterminated: count what was seen, never throw
        Arguments.of("select $1, 'abc $2", 1),
        Arguments.of("select $1, E'abc\\", 1),
        Arguments.of("select $1, \"abc $2", 1),
        Arguments.of("select $1, $q$ $2", 1),
        Arguments.of("select $1 /* /* $2 */", 1),
        Arguments.of("select $1 -- $2", 1),
        Arguments.of("", 0),
        Arguments.of("$", 0),
        Arguments.of("$3", 3));
  }

  @ParameterizedTest
  @MethodSource("sql")
  void highest(String sql, int expected) {
    assertEquals(expected, Placeholders.highest(sql), sql);
  }

  @Test
  void backslashEscapesInPlainStringsOnlyWhenStandardConformingStringsIsOff() {
    String sql = "select 'it\\'s $1', $2";   // select 'it\'s $1', $2
    assertEquals(2, Placeholders.highest(sql, false));   // one string: 'it\'s $1'
    assertEquals(1, Placeholders.highest(sql, true));    // 'it\' ends at the quote; $1 is outside
  }
}
