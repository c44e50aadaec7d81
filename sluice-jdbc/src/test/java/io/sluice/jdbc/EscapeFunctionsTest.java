package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
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
@ServerTest
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
        Arguments.of("{fn extract(year from date '2024-05-01')}", "2024"), Arguments.of("{fn now()} is not null", "true"),
        // issue 35 §6: the functions pgjdbc translates, each with the value JDBC means
        Arguments.of("{fn acos(1)}", "0"), Arguments.of("{fn asin(0)}", "0"), Arguments.of("{fn atan(0)}", "0"),
        Arguments.of("{fn cos(0)}", "1"), Arguments.of("{fn exp(0)}", "1"), Arguments.of("{fn radians(0)}", "0"),
        Arguments.of("{fn sin(0)}", "0"), Arguments.of("{fn tan(0)}", "0"),
        Arguments.of("{fn insert('abcdef', 2, 3, 'XY')}", "aXYef"), Arguments.of("{fn locate('c', 'abcabc')}", "3"),
        Arguments.of("{fn locate('c', 'abcabc', 4)}", "6"), Arguments.of("{fn locate('x', 'abcabc', 2)}", "0"),
        Arguments.of("{fn length('ab  ')}", "2"), Arguments.of("{fn space(3)} = '   '", "true"),
        Arguments.of("{fn concat('a', 'b', 'c')}", "abc"), Arguments.of("{fn right('abcd', 3)}", "bcd"),
        Arguments.of("{fn dayname(date '2024-05-01')}", "Wednesday"),
        Arguments.of("{fn monthname(date '2024-05-01')}", "May"),
        Arguments.of("{fn dayofmonth(date '2024-05-07')}", "7"), Arguments.of("{fn dayofweek(date '2024-05-05')}", "1"),
        Arguments.of("{fn dayofyear(date '2024-02-01')}", "32"), Arguments.of("{fn hour(time '10:11:12')}", "10"),
        Arguments.of("{fn minute(time '10:11:12')}", "11"), Arguments.of("{fn second(time '10:11:12')}", "12"),
        Arguments.of("{fn month(date '2024-05-01')}", "5"), Arguments.of("{fn quarter(date '2024-05-01')}", "2"),
        Arguments.of("{fn week(date '2024-01-08')}", "2"), Arguments.of("{fn year(date '2024-05-01')}", "2024"),
        Arguments.of("{fn timestampadd(SQL_TSI_DAY, 2, timestamp '2024-02-28 10:00')}", "2024-03-01 10:00:00"),
        Arguments.of("{fn timestampadd(SQL_TSI_QUARTER, 1, timestamp '2024-01-31 00:00')}", "2024-04-30 00:00:00"),
        Arguments.of("{fn timestampadd(SQL_TSI_MINUTE, 90, timestamp '2024-01-01 00:00')}", "2024-01-01 01:30:00"),
        Arguments.of("{fn timestampdiff(SQL_TSI_DAY, timestamp '2024-01-01', timestamp '2024-01-04 05:00')}", "3"));
  }

  /** Every name DatabaseMetaData lists is checked above, so that the lists say only what works. */
  @org.junit.jupiter.api.Test
  void everyListedFunctionIsChecked() throws SQLException {
    java.sql.DatabaseMetaData md = c.getMetaData();
    String checked = functions().map(a -> (String) a.get()[0]).collect(java.util.stream.Collectors.joining(" "));
    for (String list : new String[] {md.getNumericFunctions(), md.getStringFunctions(), md.getSystemFunctions(),
        md.getTimeDateFunctions()}) {
      for (String name : list.split(",")) {
        assertTrue(checked.contains("{fn " + name + "("), name + " is listed but not checked");
      }
    }
  }

  /** Placeholders given to functions that reorder or repeat their arguments reach the right place. */
  @org.junit.jupiter.api.Test
  void parametersOfReorderingFunctions() throws SQLException {
    try (java.sql.PreparedStatement p = c.prepareStatement(
        "select {fn insert(?, ?, ?, ?)}, {fn locate(?, ?, ?)}, {fn right(?, ?)}, {fn timestampadd(SQL_TSI_HOUR, ?, ?::timestamp)}")) {
      p.setString(1, "abcdef");
      p.setInt(2, 2);
      p.setInt(3, 3);
      p.setString(4, "XY");
      p.setString(5, "c");
      p.setString(6, "abcabc");
      p.setInt(7, 4);
      p.setString(8, "abcd");
      p.setInt(9, 3);
      p.setInt(10, 2);
      p.setTimestamp(11, java.sql.Timestamp.valueOf("2024-01-01 00:00:00"));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("aXYef", rs.getString(1));
        assertEquals(6, rs.getInt(2));
        assertEquals("bcd", rs.getString(3));
        assertEquals(java.sql.Timestamp.valueOf("2024-01-01 02:00:00"), rs.getTimestamp(4));
      }
    }
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
