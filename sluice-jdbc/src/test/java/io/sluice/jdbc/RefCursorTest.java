package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.CallableStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35 §5: a refcursor a function returns reads as a ResultSet of the cursor's rows, from a
 * result column and from a CallableStatement's OUT parameter (REF_CURSOR or OTHER), in the
 * transaction that opened it, as pgjdbc does; supportsRefCursors says so.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class RefCursorTest extends OneConnection {

  @BeforeAll
  static void function() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE OR REPLACE FUNCTION refcursor_test(n int) RETURNS refcursor LANGUAGE plpgsql AS"
          + " $$DECLARE r refcursor := 'Some Cursor'; BEGIN"
          + " OPEN r FOR SELECT g AS x, 'v' || g AS label FROM generate_series(1, n) g; RETURN r; END$$");
    }
  }

  @AfterEach
  void autoCommit() throws SQLException {
    if (!c.getAutoCommit()) {
      c.rollback();
      c.setAutoCommit(true);
    }
  }

  private static List<String> read(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getInt("x") + ":" + rs.getString("label"));
      }
    }
    return out;
  }

  @Test
  void aRefcursorColumnReadsAsTheCursorsRows() throws SQLException {
    assertTrue(c.getMetaData().supportsRefCursors());
    c.setAutoCommit(false);
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT refcursor_test(3)")) {
      assertTrue(rs.next());
      assertEquals(Types.REF_CURSOR, rs.getMetaData().getColumnType(1));
      assertEquals(List.of("1:v1", "2:v2", "3:v3"), read((ResultSet) rs.getObject(1)));
    }
    c.rollback();   // closes the cursor, so that the next call may open one of the same name
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT refcursor_test(2)")) {
      assertTrue(rs.next());
      assertEquals("Some Cursor", rs.getString(1), "getString is still the cursor's name");
      assertEquals(List.of("1:v1", "2:v2"), read(rs.getObject(1, ResultSet.class)));
    }
  }

  @Test
  void aRefcursorColumnOfAStreamingResultReadsToo() throws SQLException {
    // pgjdbc's RefCursorFetchTest: a fetch size makes the outer result stream; reading the cursor
    // reads the rest of it first, as any other statement of the thread would
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.setFetchSize(1);
      try (ResultSet rs = s.executeQuery("SELECT refcursor_test(3), g FROM generate_series(1, 3) g WHERE g = 1"
          + " UNION ALL SELECT NULL, g FROM generate_series(2, 5) g")) {
        assertTrue(rs.next());
        assertEquals(List.of("1:v1", "2:v2", "3:v3"), read((ResultSet) rs.getObject(1)));
        int rows = 1;
        while (rs.next()) {
          rows++;
          assertNull(rs.getObject(1));
        }
        assertEquals(5, rows, "the outer result's rows are all still there");
      }
    } finally {
      c.rollback();
    }
  }

  @Test
  void aRefcursorOutParameterReadsAsTheCursorsRows() throws SQLException {
    c.setAutoCommit(false);
    for (int type : new int[] {Types.REF_CURSOR, Types.OTHER}) {
      try (CallableStatement call = c.prepareCall("{? = call refcursor_test(?)}")) {
        call.registerOutParameter(1, type);
        call.setInt(2, 2);
        call.execute();
        assertEquals(List.of("1:v1", "2:v2"), read((ResultSet) call.getObject(1)), "registered as " + type);
      }
      c.rollback();   // the next call opens a cursor of the same name
    }
  }

  @Test
  void aRefcursorOutParameterIsReadWhenTheCallRunsSoACommitKeepsItsRows() throws SQLException {
    // pgjdbc's RefCursorFetchTest: the cursor's rows are read at execute; the commit that then
    // closes the cursor leaves them readable
    c.setAutoCommit(false);
    try (CallableStatement call = c.prepareCall("{? = call refcursor_test(?)}")) {
      call.registerOutParameter(1, Types.REF_CURSOR);
      call.setInt(2, 3);
      call.execute();
      c.commit();
      assertEquals(List.of("1:v1", "2:v2", "3:v3"), read((ResultSet) call.getObject(1)));
    } finally {
      c.setAutoCommit(true);
    }
  }

  @Test
  void inAutoCommitTheCallRunsAndOnlyReadingTheGoneCursorFails() throws SQLException {
    try (CallableStatement call = c.prepareCall("{? = call refcursor_test(?)}")) {
      call.registerOutParameter(1, Types.REF_CURSOR);
      call.setInt(2, 1);
      call.execute();   // the cursor closed with the call's own transaction: not an error yet
      SQLException e = assertThrows(SQLException.class, () -> call.getObject(1));
      assertEquals("34000", e.getSQLState());
    }
  }

  @Test
  void afterTheTransactionTheCursorIsGone() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT refcursor_test(1)")) {
      assertTrue(rs.next());
      SQLException e = assertThrows(SQLException.class, () -> rs.getObject(1));
      assertEquals("34000", e.getSQLState(), "auto-commit ended the transaction and closed the cursor");
    }
  }
}
