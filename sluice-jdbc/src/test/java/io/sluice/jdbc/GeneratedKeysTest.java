package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35 §7: which statements get a RETURNING clause for generated keys, and how key names are
 * written, by pgjdbc's rules ({@code Parser.addReturning}, {@code quoteReturningIdentifiers}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class GeneratedKeysTest extends OneConnection {

  @BeforeEach
  void table() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS genkeys");
      s.execute("CREATE TABLE genkeys (\"Id\" serial PRIMARY KEY, b text, c int)");
    }
  }

  private static List<String> keys(Statement s) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.getGeneratedKeys()) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          row.append(i > 1 ? "," : "").append(rs.getMetaData().getColumnLabel(i)).append('=').append(rs.getString(i));
        }
        out.add(row.toString());
      }
    }
    return out;
  }

  /** pgjdbc's GeneratedKeysTest testCloseStatementClosesRS. */
  @Test
  void closingTheStatementClosesItsGeneratedKeys() throws SQLException {
    Statement s = c.createStatement();
    s.executeUpdate("INSERT INTO genkeys (b, c) VALUES ('a', 1)", Statement.RETURN_GENERATED_KEYS);
    ResultSet rs = s.getGeneratedKeys();
    assertFalse(rs.isClosed());
    s.close();
    assertTrue(rs.isClosed());
    assertThrows(SQLException.class, rs::next);
  }

  @Test
  void insertUpdateDeleteGetReturning() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("INSERT INTO genkeys (b, c) VALUES ('a', 1)", Statement.RETURN_GENERATED_KEYS);
      assertEquals(List.of("Id=1,b=a,c=1"), keys(s));
      s.executeUpdate("UPDATE genkeys SET c = 2", new String[] {"c"});
      assertEquals(List.of("c=2"), keys(s));
      s.executeUpdate("DELETE FROM genkeys", new String[] {"Id", "b"});
      assertEquals(List.of("Id=1,b=a"), keys(s));
    }
  }

  @Test
  void aWithWhoseMainStatementIsAnInsertGetsReturningAndOneInsideACteDoesNotCount() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("WITH v AS (INSERT INTO genkeys (b) VALUES ('x') RETURNING \"Id\")"
          + " INSERT INTO genkeys (b, c) SELECT 'y', \"Id\" FROM v", new String[] {"b"});
      assertEquals(List.of("b=y"), keys(s));
      s.executeUpdate("WITH insert AS (SELECT 1) UPDATE genkeys SET c = 5 WHERE b = 'x'", new String[] {"c"});
      assertEquals(List.of("c=5"), keys(s), "a CTE named insert is not the main statement");
    }
  }

  @Test
  void aStatementWithItsOwnReturningOrASelectOrMergeIsLeftAlone() throws SQLException {
    try (Statement s = c.createStatement()) {
      assertTrue(s.execute("INSERT INTO genkeys (b) VALUES ('returning') RETURNING b -- returning",
          Statement.RETURN_GENERATED_KEYS) || s.getUpdateCount() == 1);
      assertEquals(List.of("b=returning"), keys(s));
      assertTrue(s.execute("WITH x AS (SELECT 1) SELECT b FROM genkeys", new String[] {"c"}));
      try (ResultSet rs = s.getResultSet()) {
        assertEquals(1, rs.getMetaData().getColumnCount(), "a WITH … SELECT gets no RETURNING");
      }
      assumeTrue(TestDatabase.server().majorVersion() >= 15, "MERGE needs PostgreSQL 15");
      s.executeUpdate("MERGE INTO genkeys g USING (SELECT 1 AS id) v ON g.\"Id\" = v.id"
          + " WHEN MATCHED THEN UPDATE SET c = 9", Statement.RETURN_GENERATED_KEYS);
      assertEquals(List.of(), keys(s), "MERGE gets no RETURNING, as in pgjdbc");
    }
  }

  @Test
  void aTrailingSemicolonIsNoObstacle() throws SQLException {
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("INSERT INTO genkeys (b) VALUES ('t'); ", new String[] {"b"}));
      assertEquals(List.of("b=t"), keys(s));
    }
  }

  @Test
  void keyNamesAreQuotedAsGivenByDefault() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO genkeys (b) VALUES (?)", new String[] {"Id"})) {
      p.setString(1, "q");
      p.executeUpdate();
      assertEquals(List.of("Id=1"), keys(p), "Id is the mixed-case column, not id");
    }
    // already quoted: quoted again, so "\"Id\"" names a column that does not exist (as in pgjdbc)
    SQLException e = assertThrows(SQLException.class, () -> {
      try (PreparedStatement p = c.prepareStatement("INSERT INTO genkeys (b) VALUES ('r')", new String[] {"\"Id\""})) {
        p.executeUpdate();
      }
    });
    assertEquals("42703", e.getSQLState());
  }

  @Test
  void quoteReturningIdentifiersFalseSendsNamesAsGiven() throws SQLException {
    try (Connection own = TestDatabase.connect("&quoteReturningIdentifiers=false");
        PreparedStatement p = own.prepareStatement("INSERT INTO genkeys (b) VALUES ('z')",
            new String[] {"\"Id\"", "upper(b) AS big"})) {
      p.executeUpdate();
      assertEquals(List.of("Id=1,big=Z"), keys(p));
    }
  }
}
