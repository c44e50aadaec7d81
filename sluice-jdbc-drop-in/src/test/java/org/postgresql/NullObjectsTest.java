package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.geometric.PGbox;
import org.postgresql.geometric.PGpoint;
import org.postgresql.util.PGmoney;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;

/**
 * pgjdbc's answers for SQL NULL through its object classes (its {@code PGObjectGetTest} and
 * {@code PGObjectSetTest}): {@code getObject(i, PGobject.class)} or the type's own class is an
 * object of that type's class whose value is null, while {@code getObject(i)} is null; and
 * {@link PGmoney}, the class those tests name for money.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class NullObjectsTest {
  private static String print(Object o) {
    return o instanceof PGobject pg ? pg.getClass().getSimpleName() + "(type=" + pg.getType() + ", value="
        + pg.getValue() + ")" : String.valueOf(o);
  }

  @Test
  void aNullReadAsAPgjdbcClassIsThatClassWithoutAValue() throws Exception {
    String[][] cases = {
      {"null::box", "PGbox(type=box, value=null)"},
      {"null::point", "PGpoint(type=point, value=null)"},
      {"null::money", "PGmoney(type=money, value=null)"},
      {"null::interval", "PGInterval(type=interval, value=null)"},
      {"null::inet", "PGobject(type=inet, value=null)"},
    };
    try (Connection c = DropInServer.connect()) {
      for (String[] k : cases) {
        try (PreparedStatement ps = c.prepareStatement("select " + k[0]); ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertEquals(k[1], print(rs.getObject(1, PGobject.class)), k[0]);
          assertNull(rs.getObject(1), k[0] + ": plain getObject stays null");
          assertTrue(rs.wasNull());
          assertNull(rs.getString(1), k[0]);
        }
      }
      try (PreparedStatement ps = c.prepareStatement("select null::box, null::int4"); ResultSet rs = ps.executeQuery()) {
        rs.next();
        assertEquals("PGbox(type=box, value=null)", print(rs.getObject(1, PGbox.class)));
        assertNull(rs.getObject(1, PGpoint.class), "a null box is no point");
        assertNull(rs.getObject(2, Integer.class), "other classes keep JDBC's null");
      }
      PGobject none = new PGobject();
      none.setType("box");
      none.setValue(null);
      try (PreparedStatement ps = c.prepareStatement("select ?::box")) {
        ps.setObject(1, none);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertEquals("PGbox(type=box, value=null)", print(rs.getObject(1, PGbox.class)));
        }
      }
    }
  }

  @Test
  void moneyReadsTheServersTextAndItsNegativeForms() throws Exception {
    assertEquals(1234.56, new PGmoney("$1,234.56").val);
    assertEquals(-1.5, new PGmoney("($1.50)").val);
    assertEquals(-2.0, new PGmoney("-$2.00").val);
    assertEquals("-$2.0", new PGmoney(-2).getValue());
    assertEquals("$3.25", new PGmoney(3.25).getValue());
    assertEquals(new PGmoney("$3.25"), new PGmoney(3.25));
    assertNotEquals(new PGmoney(3.25), new PGmoney());
    PGmoney nothing = new PGmoney();
    nothing.setValue(null);
    assertTrue(nothing.isNull);
    assertNull(nothing.getValue());
    assertEquals(new PGmoney((String) null), nothing);
    PSQLException bad = assertThrows(PSQLException.class, () -> new PGmoney("$twelve"));
    assertTrue(bad.getMessage().contains("$twelve"), bad.getMessage());
    try (Connection c = DropInServer.connect();
        PreparedStatement ps = c.prepareStatement("select '1234.56'::money::text, '-7.5'::money::text");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      assertEquals(1234.56, new PGmoney(rs.getString(1)).val, rs.getString(1));
      assertEquals(-7.5, new PGmoney(rs.getString(2)).val, rs.getString(2));
    }
  }
}
