package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** PreparedStatement setters against pgjdbc 42.7's behaviour (issue 35 §1, §2, §5), through the server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ParameterConversionsTest extends OneConnection {
  @BeforeEach
  void table() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_params; create table jdbc_params (n numeric, i int4, b bytea, t text)");
    }
  }

  private static void assertState(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  /** What {@code select ?::text} gives back for the parameter as {@code set} binds it. */
  private static String echoed(SqlConsumer set) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::text")) {
      set.accept(p);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        return rs.getString(1);
      }
    }
  }

  @FunctionalInterface
  private interface SqlConsumer {
    void accept(PreparedStatement p) throws SQLException;
  }

  // issue 35 §1: the scale of setObject(i, x, NUMERIC, scale), half up, as pgjdbc's castToBigDecimal
  @Test
  void numericScaleRoundsHalfUp() throws SQLException {
    assertEquals("1.24", echoed(p -> p.setObject(1, new BigDecimal("1.235"), Types.NUMERIC, 2)));
    assertEquals("1.235", echoed(p -> p.setObject(1, "1.2345", Types.DECIMAL, 3)));
    assertEquals("-3", echoed(p -> p.setObject(1, -2.5, Types.NUMERIC, 0)));
    assertEquals("7.00", echoed(p -> p.setObject(1, 7, Types.NUMERIC, 2)));
    // a negative scale leaves the value alone; without a scale too
    assertEquals("1.235", echoed(p -> p.setObject(1, new BigDecimal("1.235"), Types.NUMERIC, -1)));
    assertEquals("1.235", echoed(p -> p.setObject(1, new BigDecimal("1.235"), Types.NUMERIC)));
    assertNull(echoed(p -> p.setObject(1, null, Types.NUMERIC, 2)));
  }

  // issue 35 §2: pgjdbc's castToInt/castToBigDecimal make a Boolean 1 or 0 for a numeric type
  @Test
  void booleanForANumericTypeIsOneOrZero() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_params (n, i) values (?, ?)")) {
      p.setObject(1, true, Types.NUMERIC);
      p.setObject(2, false, Types.INTEGER);
      assertEquals(1, p.executeUpdate());
    }
    try (ResultSet rs = c.createStatement().executeQuery("select n, i from jdbc_params")) {
      assertTrue(rs.next());
      assertEquals(0, new BigDecimal("1").compareTo(rs.getBigDecimal(1)));
      assertEquals(0, rs.getInt(2));
    }
  }

  /**
   * issue 35 §2: pgjdbc's setBoolean binds a bool (Oid.BOOL, "TRUE"), so into a numeric column
   * the server refuses it with 42804, as for pgjdbc; setObject(i, true, Types.NUMERIC) is the way.
   */
  @Test
  void setBooleanIntoNumericIsRefusedByTheServerAsWithPgjdbc() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_params (n) values (?)")) {
      p.setBoolean(1, true);
      assertState("42804", p::executeUpdate);
    }
    assertEquals("true", echoed(p -> p.setBoolean(1, true)));
  }

  // setObject(i, x, BIT): BooleanTypeUtil's values, characters too; the rest is 42846
  @Test
  void bitTargetTakesBooleanTypeUtilsValues() throws SQLException {
    assertEquals("true", echoed(p -> p.setObject(1, 'Y', Types.BIT)));
    assertEquals("false", echoed(p -> p.setObject(1, "off", Types.BOOLEAN)));
    assertEquals("true", echoed(p -> p.setObject(1, 1, Types.BIT)));
    try (PreparedStatement p = c.prepareStatement("select ?")) {
      assertState("42846", () -> p.setObject(1, "maybe", Types.BIT));
      assertState("42846", () -> p.setObject(1, 2, Types.BOOLEAN));
      SQLException file = assertThrows(SQLException.class, () -> p.setObject(1, new java.io.File(""), Types.BOOLEAN));
      assertEquals("42846", file.getSQLState());
      assertEquals("Cannot cast to boolean", file.getMessage(), "pgjdbc's words");
      assertEquals("Cannot cast to boolean: \"maybe\"",
          assertThrows(SQLException.class, () -> p.setObject(1, "maybe", Types.BIT)).getMessage());
    }
    assertEquals("true", echoed(p -> p.setObject(1, Boolean.TRUE, Types.BOOLEAN)));
  }

  /** issue 35 §5: a stream shorter than its length is refused when set (22023, pgjdbc's bind failure); nothing goes in. */
  @Test
  void binaryStreamShorterThanItsLengthIs22023() throws SQLException {
    byte[] ten = new byte[10];
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_params (b, t) values (?, ?)")) {
      assertState("22023", () -> p.setBinaryStream(1, new ByteArrayInputStream(ten), 11));
      assertState("22023", () -> p.setBinaryStream(1, new ByteArrayInputStream(ten), 11L));
      assertState("22023", () -> p.setBinaryStream(1, new ByteArrayInputStream(ten), -1));
      assertState("22023", () -> p.setBinaryStream(1, failingAfter(5), 10));
      // an exact length, or a longer stream, takes that many bytes
      p.setBinaryStream(1, new ByteArrayInputStream(new byte[12]), 10);
      p.setString(2, "ok");
      assertEquals(1, p.executeUpdate());
    }
    try (ResultSet rs = c.createStatement().executeQuery("select length(b) from jdbc_params")) {
      assertTrue(rs.next());
      assertEquals(10, rs.getInt(1));
      assertFalse(rs.next());
    }
  }

  /** pgjdbc reads an ASCII or character stream for as long as it lasts, up to the length: no error. */
  @Test
  void characterStreamsShorterThanTheirLengthAreReadAsTheyAre() throws SQLException {
    assertEquals("abc", echoed(p -> p.setAsciiStream(1, new ByteArrayInputStream("abc".getBytes()), 10)));
    assertEquals("abc", echoed(p -> p.setCharacterStream(1, new java.io.StringReader("abc"), 10)));
    assertEquals("ab", echoed(p -> p.setCharacterStream(1, new java.io.StringReader("abc"), 2)));
  }

  private static InputStream failingAfter(int bytes) {
    return new InputStream() {
      private int left = bytes;

      @Override
      public int read() throws IOException {
        if (left == 0) {
          throw new IOException("the disk went away");
        }
        left--;
        return 1;
      }
    };
  }

  // issue 35: 65,535 setString parameters (each cast to varchar in the SQL) took 6x pgjdbc's time
  @Test
  void sixtyFiveThousandFiveHundredThirtyFiveStringParametersWork() throws SQLException {
    int n = 65_535;
    String sql = "select cardinality(a), a[1], a[" + n + "] from (select array[?" + ", ?".repeat(n - 1) + "] a) s";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 1; i <= n; i++) {
        ps.setString(i, "v" + i);
      }
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(n, rs.getInt(1));
        assertEquals("v1", rs.getString(2));
        assertEquals("v" + n, rs.getString(3));
      }
    }
  }

  // issue 35 §6: pgjdbc refuses more than 65,535 parameters when the statement is prepared, 22023
  @Test
  void moreThan65535ParametersIs22023() throws SQLException {
    StringBuilder sql = new StringBuilder("select 1 where 1 in (?");
    sql.append(", ?".repeat(65_535)).append(')');
    assertState("22023", () -> c.prepareStatement(sql.toString()));
  }
}
