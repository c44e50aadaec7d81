package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;

/** Issue 35: updatable results through the drop-in: PGobject values, and pgjdbc's exception for a result that is not updatable. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class UpdatableResultDropInTest {
  @Test
  void pgobjectValuesGoThroughUpdateObject() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table udocs (id int primary key, jb jsonb)");
      try (Statement u = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
          ResultSet rs = u.executeQuery("select id, jb from udocs")) {
        rs.moveToInsertRow();
        rs.updateInt("id", 1);
        rs.updateObject("jb", PGobjectTest.of("jsonb", "{\"a\":1}"));
        rs.insertRow();
        assertEquals("{\"a\": 1}", rs.getObject("jb", PGobject.class).getValue());
        rs.moveToCurrentRow();
        assertTrue(rs.first());
        rs.updateObject(2, PGobjectTest.of("jsonb", "[2]"));
        rs.updateRow();
        assertEquals("jsonb", ((PGobject) rs.getObject(2)).getType());
      }
      try (ResultSet rs = s.executeQuery("select jb::text from udocs")) {
        assertTrue(rs.next());
        assertEquals("[2]", rs.getString(1));
      }
    }
  }

  @Test
  void aResultWithoutAKeyFailsWithPgjdbcsExceptionAndState() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table unokey (x int, y text)");
      s.execute("insert into unokey values (1, 'a')");
      try (Statement u = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
          ResultSet rs = u.executeQuery("select x, y from unokey")) {
        assertTrue(rs.next());
        SQLException e = assertThrows(SQLException.class, () -> rs.updateString(2, "b"));
        assertInstanceOf(PSQLException.class, e);
        assertEquals("24000", e.getSQLState());
        assertEquals("No eligible primary or unique key found for table unokey.", e.getMessage());
      }
    }
  }
}
