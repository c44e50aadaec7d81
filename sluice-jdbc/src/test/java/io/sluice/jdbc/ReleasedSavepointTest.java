package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A released savepoint refuses every use, and ids and names follow pgjdbc's rules (issue 35 §5). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ReleasedSavepointTest {
  @Test
  void aReleasedSavepointCannotBeUsed() throws SQLException {
    try (Connection c = TestDatabase.connect()) {
      c.setAutoCommit(false);
      Savepoint named = c.setSavepoint("named");
      Savepoint unnamed = c.setSavepoint();
      assertEquals("named", named.getSavepointName());
      assertEquals("42809", assertThrows(SQLException.class, named::getSavepointId).getSQLState());
      assertEquals("42809", assertThrows(SQLException.class, unnamed::getSavepointName).getSQLState());
      int id = unnamed.getSavepointId();
      c.releaseSavepoint(unnamed);
      for (SQLException e : new SQLException[] {
          assertThrows(SQLException.class, () -> c.rollback(unnamed)),
          assertThrows(SQLException.class, () -> c.releaseSavepoint(unnamed)),
          assertThrows(SQLException.class, unnamed::getSavepointId)}) {
        assertEquals("3B000", e.getSQLState());
        assertTrue(e.getMessage().contains("released"), e.getMessage());
      }
      assertTrue(id >= 0);
      c.rollback(named);   // rolling back to a savepoint keeps it
      c.rollback(named);
      c.releaseSavepoint(named);
      assertThrows(SQLException.class, named::getSavepointName);
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 1")) {
        assertTrue(rs.next(), "nothing was sent for the refused calls: the transaction is fine");
      }
      c.rollback();
    }
  }
}
