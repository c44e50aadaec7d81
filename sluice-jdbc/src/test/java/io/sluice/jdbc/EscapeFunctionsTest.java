package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every {fn …} function DatabaseMetaData lists runs on the server, with the value JDBC means. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EscapeFunctionsTest extends OneConnection {

  static Stream<Arguments> functions() {
    return Stream.of(
        Arguments.of("{fn abs(-2)}", "2"), Arguments.of("{fn ceiling(1.2)}", "2"), Arguments.of("{fn floor(1.8)}", "1"),
        Arguments.of("{fn log(1)}", "0"), Arguments.of("{fn log10(100)}", "2"), Arguments.of("{fn mod(7, 3)}", "1"),
        Arguments.of("{fn power(2, 3)}", "8"), Arguments.of("{fn round(2.5)}", "3"), Arguments.of("{fn sign(-3)}", "-1"),
        Arguments.of("{fn sqrt(9)}", "3"), Arguments.of("{fn truncate(2.567, 1)}", "2.5"),
        Arguments.of("{fn rand()} < 1", "true"), Arguments.of("{fn pi()} > 3", "true"),
        Arguments.of("{fn atan2(0, 1)}", "0"), Arguments.of("{fn degrees(0)}", "0"), Arguments.of("{fn cot(1)} > 0", "true"),
        Arguments.of("{fn ascii('A')}", "65"), Arguments.of("{fn char(65)}", "A"), Arguments.of("{fn char_length('abc')}", "3"),
        Arguments.of("{fn character_length('abc')}", "3"), Arguments.of("{fn concat('a', 'b')}", "ab"),
        Arguments.of("{fn lcase('AB')}", "ab"), Arguments.of("{fn ucase('ab')}", "AB"), Arguments.of("{fn left('abc', 2)}", "ab"),
        Arguments.of("{fn right('abc', 2)}", "bc"), Arguments.of("{fn length('abc')}", "3"), Arguments.of("{fn ltrim('  a')}", "a"),
        Arguments.of("{fn rtrim('a  ')}", "a"), Arguments.of("{fn octet_length('é')}", "2"), Arguments.of("{fn bit_length('a')}", "8"),
        Arguments.of("{fn position('b' in 'abc')}", "2"), Arguments.of("{fn repeat('ab', 2)}", "abab"),
        Arguments.of("{fn replace('abc', 'b', 'x')}", "axc"), Arguments.of("{fn substring('abcdef', 2, 3)}", "bcd"),
        Arguments.of("{fn database()} = current_database()", "true"), Arguments.of("{fn ifnull(null, 'x')}", "x"),
        Arguments.of("{fn user()} = current_user", "true"), Arguments.of("{fn curdate()} = current_date", "true"),
        Arguments.of("{fn curtime()} is not null", "true"), Arguments.of("{fn current_date()} = current_date", "true"),
        Arguments.of("{fn current_time()} is not null", "true"), Arguments.of("{fn current_timestamp()} is not null", "true"),
        Arguments.of("{fn extract(year from date '2024-05-01')}", "2024"), Arguments.of("{fn now()} is not null", "true"));
  }

  @ParameterizedTest
  @MethodSource("functions")
  void runsOnTheServer(String expression, String expected) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select (" + expression + ")::text")) {
      assertTrue(rs.next());
      String v = rs.getString(1);
      assertEquals(expected, v.equals("t") ? "true" : v.replaceAll("\\.0+$", ""), expression + " gave " + v);
    }
  }
}
