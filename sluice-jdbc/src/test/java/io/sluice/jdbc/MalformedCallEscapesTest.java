package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Malformed call escapes are refused with {@code 42601} before anything is sent (issue 35 §6). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MalformedCallEscapesTest {
  @Test
  void malformedCallEscapesAreRefused() throws SQLException {
    try (Connection c = TestDatabase.connect()) {
      for (String sql : new String[] {"{call}", "{ call }", "{? = call}", "{call f(?}", "{call f(?)", "{? = call f(?)",
          "{call f(?))}", "{call f(?)}}", "{call (?)}", "{?= call f() junk}"}) {
        SQLException e = assertThrows(SQLException.class, () -> {
          try (CallableStatement cs = c.prepareCall(sql)) {
            cs.execute();
          }
        }, sql);
        assertEquals("42601", e.getSQLState(), sql + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("escape"), sql + ": " + e.getMessage());
      }
    }
  }
}
