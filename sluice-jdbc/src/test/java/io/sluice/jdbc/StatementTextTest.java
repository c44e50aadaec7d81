package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A prepared statement's {@code toString} is its SQL with the values bound written in, as pgjdbc
 * gives it (what applications log), and the text is SQL the server runs to the same result.
 */
@ServerTest
class StatementTextTest extends OneConnection {
  @Test
  void valuesAreWrittenInAsLiteralsAndUnsetOnesAsQuestionMarks() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?, ?, ?, ?, ? /* ? in a comment */, '?'")) {
      assertEquals("select ?, ?, ?, ?, ? /* ? in a comment */, '?'", p.toString());
      p.setBytes(1, new byte[] {0, 1, 2});
      p.setString(2, "it's");
      p.setInt(3, 42);
      p.setNull(4, java.sql.Types.INTEGER);
      assertEquals("select '\\x000102'::bytea, ('it''s'), ('42'::int4), NULL, ? /* ? in a comment */, '?'",
          p.toString());
      p.setBigDecimal(5, new java.math.BigDecimal("1.50"));
      // what is logged runs: the same row as the statement itself
      try (Statement s = c.createStatement(); ResultSet literal = s.executeQuery(p.toString());
          ResultSet bound = p.executeQuery()) {
        assertTrue(literal.next());
        assertTrue(bound.next());
        for (int i = 1; i <= 6; i++) {
          assertEquals(bound.getString(i), literal.getString(i), "column " + i);
        }
      }
    }
  }

  @Test
  void aBatchShowsEachEntryOnItsOwnLine() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("create temp table text_batch (b bytea, t text)");
    }
    try (PreparedStatement p = c.prepareStatement("insert into text_batch values (?, ?)")) {
      p.setBytes(1, new byte[] {0, 1});
      p.setString(2, "line1");
      p.addBatch();
      p.setBytes(1, new byte[] {0, 1, 2});
      p.setString(2, "line2");
      p.addBatch();
      String expected = "insert into text_batch values ('\\x0001'::bytea, ('line1'));\n"
          + "insert into text_batch values ('\\x000102'::bytea, ('line2'))";
      assertEquals(expected, p.toString());
      p.executeBatch();
      assertEquals("insert into text_batch values ('\\x000102'::bytea, ('line2'))", p.toString(),
          "after the batch ran: the values bound now");
    }
  }
}
