package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35: warning chains are live (pgjdbc's StatementTest concurrentWarningReadAndClear reads a
 * running statement's notices from another thread, following getNextWarning), and client info
 * as Connection.setClientInfo's Javadoc asks (pgjdbc's ClientInfoTest).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class WarningsAndClientInfoTest {
  private static void notice(Statement s, String text) throws SQLException {
    s.execute("DO $$ BEGIN RAISE NOTICE '" + text + "'; END $$");
  }

  @Test
  void aWarningChainIsTheSameObjectAndGrowsAsNoticesArrive() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("SET client_min_messages = notice");
      notice(s, "one");
      SQLWarning head = c.getWarnings();
      assertNotNull(head);
      assertSame(head, c.getWarnings(), "asked twice: the same chain, so that a reader can tell its head");
      SQLWarning own = s.getWarnings();
      assertEquals("one", own.getMessage());
      assertSame(own, s.getWarnings());
      assertNull(own.getNextWarning());
      try (Statement other = c.createStatement()) {
        notice(other, "two");
        notice(other, "three");
      }
      // the chain held before is live: the notices that came after are linked behind it, in order
      assertEquals("two", own.getNextWarning().getMessage());
      assertEquals("three", own.getNextWarning().getNextWarning().getMessage());
      s.clearWarnings();
      assertNull(s.getWarnings());
      notice(s, "four");
      assertEquals("four", s.getWarnings().getMessage());
      assertNull(s.getWarnings().getNextWarning());
      c.clearWarnings();
      assertNull(c.getWarnings());
      notice(s, "five");
      assertEquals("five", c.getWarnings().getMessage());
    }
  }

  @Test
  void anUnknownClientInfoNameIsAWarningNotAnException() throws SQLException {
    try (Connection c = TestDatabase.connect()) {
      c.clearWarnings();
      c.setClientInfo("NonexistentClientInfoName", "NoValue");
      SQLWarning w = c.getWarnings();
      assertNotNull(w);
      assertTrue(w.getMessage().contains("NonexistentClientInfoName"), w.getMessage());
      assertNull(c.getClientInfo("NonexistentClientInfoName"));
    }
  }

  @Test
  void propertiesWithoutANameClearIt() throws SQLException {
    try (Connection c = TestDatabase.connect()) {
      c.setClientInfo("ApplicationName", "my app");
      assertEquals("my app", c.getClientInfo("ApplicationName"));
      c.setClientInfo(new Properties());
      assertEquals("", c.getClientInfo("ApplicationName"));
      Properties p = new Properties();
      p.setProperty("ApplicationName", "again");
      c.setClientInfo(p);
      assertEquals("again", c.getClientInfo("ApplicationName"));
    }
  }
}
