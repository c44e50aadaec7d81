package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 35: which results are updatable (one table, all of a key: the primary key, else a unique
 * NOT NULL index that is neither partial nor on expressions, as pgjdbc's {@code
 * getPrimaryUniqueKeys}), what the others answer (SQLSTATE 24000 at the first change, pgjdbc's
 * message for a missing key), and names that need quoting.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class UpdatableKeysTest extends OneConnection {

  @BeforeAll
  static void tables() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS urk_a, urk_b, urk_nokey, urk_uniq, urk_partial, urk_multi, urk_both CASCADE");
      s.execute("DROP SCHEMA IF EXISTS \"Upd Schema\" CASCADE");
      s.execute("DROP SCHEMA IF EXISTS urk_s1 CASCADE");
      s.execute("DROP SCHEMA IF EXISTS urk_s2 CASCADE");
      s.execute("CREATE TABLE urk_a (id int PRIMARY KEY, name text)");
      s.execute("CREATE TABLE urk_b (id int PRIMARY KEY, a_id int, label text)");
      s.execute("CREATE VIEW urk_view AS SELECT id, name FROM urk_a");
      s.execute("CREATE TABLE urk_nokey (x int, y text)");
      s.execute("CREATE TABLE urk_uniq (code text UNIQUE NOT NULL, nick text UNIQUE, note text)");
      s.execute("CREATE TABLE urk_partial (s text, t text, ok boolean)");
      s.execute("CREATE UNIQUE INDEX urk_partial_ok ON urk_partial (s, t) WHERE ok");
      s.execute("CREATE TABLE urk_multi (id1 int, id2 int, val text, PRIMARY KEY (id1, id2))");
      s.execute("CREATE TABLE urk_both (id int PRIMARY KEY, name text UNIQUE NOT NULL, dt date)");
      s.execute("INSERT INTO urk_a VALUES (1, 'a1'), (2, 'a2')");
      s.execute("INSERT INTO urk_b VALUES (1, 1, 'b1')");
      s.execute("INSERT INTO urk_nokey VALUES (1, 'n')");
      s.execute("INSERT INTO urk_uniq VALUES ('c1', NULL, 'u')");
      s.execute("INSERT INTO urk_partial VALUES ('s', 't', true)");
      s.execute("INSERT INTO urk_multi VALUES (1, 2, 'm')");
      s.execute("INSERT INTO urk_both VALUES (1, 'dave', '2021-01-01')");
      s.execute("CREATE SCHEMA \"Upd Schema\"");
      s.execute("CREATE TABLE \"Upd Schema\".\"Mixed\"\"Name\" (\"Key Col\" int PRIMARY KEY, \"select\" text,"
          + " \"Upper\" text)");
      s.execute("INSERT INTO \"Upd Schema\".\"Mixed\"\"Name\" VALUES (1, 'sel', 'UP')");
      // pgjdbc's testUpdateableWithSameTableNameInMultipleSchemas: the table is the one search_path finds
      s.execute("CREATE SCHEMA urk_s1");
      s.execute("CREATE SCHEMA urk_s2");
      s.execute("CREATE TABLE urk_s1.same_name (id int PRIMARY KEY, val text)");
      s.execute("CREATE TABLE urk_s2.same_name (id int, other int, val text, PRIMARY KEY (id, other))");
      s.execute("INSERT INTO urk_s1.same_name VALUES (1, 'a')");
      s.execute("INSERT INTO urk_s2.same_name VALUES (1, 1, 'b')");
    }
  }

  private static Statement updatable() throws SQLException {
    return c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
  }

  private static String value(String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next(), sql);
      return rs.getString(1);
    }
  }

  /** Every change of the first row fails with 24000 and {@code message} in its text; reading still works. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "SELECT a.id, b.label FROM urk_a a JOIN urk_b b ON b.a_id = a.id|its columns come from more than one table",
      "SELECT x.id, x.name FROM urk_a x JOIN urk_a y ON y.id = x.id|the query reads more than one table",
      "SELECT urk_a.id, urk_a.name FROM urk_a, urk_b|the query reads more than one table",
      "SELECT id, upper(name) FROM urk_a|column 2 (\"upper\") is not a column of a table",
      "SELECT id, 1 AS one FROM urk_a|column 2 (\"one\") is not a column of a table",
      "SELECT id, name::varchar FROM urk_a|column 2 (\"name\") is not a column of a table",
      "SELECT x, y FROM urk_nokey|No eligible primary or unique key found for table urk_nokey.",
      "SELECT name FROM urk_a|No eligible primary or unique key found for table urk_a.",
      "SELECT nick, note FROM urk_uniq|No eligible primary or unique key found for table urk_uniq.",
      "SELECT s, t, ok FROM urk_partial|No eligible primary or unique key found for table urk_partial.",
      "SELECT id1, val FROM urk_multi|No eligible primary or unique key found for table urk_multi.",
      "SELECT id, name FROM urk_view|No eligible primary or unique key found for table urk_view."})
  void notUpdatable(String query, String message) throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery(query)) {
      assertEquals(ResultSet.CONCUR_UPDATABLE, rs.getConcurrency(), "as pgjdbc: the concurrency asked for");
      assertTrue(rs.next());
      assertDoesNotThrow(() -> rs.getString(1), "reading works");
      for (org.junit.jupiter.api.function.Executable change : new org.junit.jupiter.api.function.Executable[] {
          () -> rs.updateString(2, "x"), rs::updateRow, rs::deleteRow, rs::refreshRow, rs::moveToInsertRow}) {
        SQLException e = assertThrows(SQLException.class, change);
        assertEquals("24000", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
      }
    }
    if (message.startsWith("No eligible")) {
      // pgjdbc's exact words (UpdateableResultTest compares the message)
      try (Statement s = updatable(); ResultSet rs = s.executeQuery(query)) {
        assertTrue(rs.next());
        assertEquals(message, assertThrows(SQLException.class, () -> rs.updateString(2, "x")).getMessage());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "SELECT code, note FROM urk_uniq|note|SELECT note FROM urk_uniq WHERE code = 'c1'",
      "SELECT id1, id2, val FROM urk_multi|val|SELECT val FROM urk_multi WHERE id1 = 1 AND id2 = 2",
      "SELECT val, id2, id1 FROM urk_multi|val|SELECT val FROM urk_multi WHERE id1 = 1 AND id2 = 2",
      "SELECT * FROM ONLY urk_a WHERE id = 1|name|SELECT name FROM urk_a WHERE id = 1",
      "SELECT id, name FROM urk_a WHERE id IN (SELECT a_id FROM urk_b, urk_nokey)|name|SELECT name FROM urk_a WHERE id = 1",
      "SELECT id, name FROM (SELECT * FROM urk_a WHERE id = 2) s|name|SELECT name FROM urk_a WHERE id = 2",
      "WITH w AS (SELECT id, name FROM urk_a) SELECT * FROM w WHERE id = 2|name|SELECT name FROM urk_a WHERE id = 2"})
  void updatableByTheKeyItHolds(String query, String column, String check) throws SQLException {
    String before = value(check);
    try (Statement s = updatable(); ResultSet rs = s.executeQuery(query)) {
      assertTrue(rs.next());
      rs.updateString(column, before + "!");
      rs.updateRow();
      assertEquals(before + "!", rs.getString(column));
    }
    assertEquals(before + "!", value(check));
  }

  /** pgjdbc's testPrimaryAndUniqueUpdateableByUnique: a unique NOT NULL key is enough. */
  @Test
  void aUniqueNotNullKeyServesWhenThePrimaryKeyIsNotSelected() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT name, dt FROM urk_both")) {
      assertTrue(rs.next());
      rs.updateDate("dt", java.sql.Date.valueOf("1999-01-01"));
      rs.updateRow();
      assertEquals(java.sql.Date.valueOf("1999-01-01"), rs.getDate("dt"));
    }
    assertEquals("1999-01-01", value("SELECT dt FROM urk_both WHERE name = 'dave'"));
  }

  @Test
  void quotedMixedCaseAndReservedNamesAreWrittenQuoted() throws SQLException {
    String table = "\"Upd Schema\".\"Mixed\"\"Name\"";
    try (Statement s = updatable();
        ResultSet rs = s.executeQuery("SELECT \"Key Col\", \"select\", \"Upper\" FROM " + table)) {
      assertTrue(rs.next());
      rs.updateString("select", "sel2");
      rs.updateString("Upper", "up2");
      rs.updateRow();
      assertEquals("sel2", rs.getString(2));
      rs.moveToInsertRow();
      rs.updateInt("Key Col", 2);
      rs.updateString(2, "two");
      rs.insertRow();
      assertEquals("two", rs.getString("select"));
      assertNull(rs.getString("Upper"));
      rs.moveToCurrentRow();
      rs.refreshRow();
      assertEquals("up2", rs.getString(3));
      rs.deleteRow();
    }
    assertEquals("2:two", value("SELECT \"Key Col\" || ':' || \"select\" FROM " + table));
  }

  @Test
  void anUnqualifiedTableIsTheOneSearchPathFound() throws SQLException {
    try (Statement set = c.createStatement()) {
      set.execute("SET search_path TO urk_s1, urk_s2");
      try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, val FROM same_name")) {
        assertTrue(rs.next());
        rs.updateString("val", "updated");
        rs.updateRow();
        set.execute("SET search_path TO urk_s2, urk_s1");   // the table is found by OID, not by name again
        rs.updateString("val", "again");
        rs.updateRow();
      } finally {
        set.execute("RESET search_path");
      }
    }
    assertEquals("again", value("SELECT val FROM urk_s1.same_name WHERE id = 1"));
    assertEquals("b", value("SELECT val FROM urk_s2.same_name"));
  }

  @Test
  void aColumnSelectedTwiceIsOneColumnOfTheTable() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name, name AS again FROM urk_a WHERE id = 2")) {
      assertTrue(rs.next());
      rs.updateString(2, "first");
      rs.updateString(3, "last wins");
      rs.updateRow();
      assertEquals("last wins", rs.getString(2));
      assertEquals("last wins", rs.getString(3));
    }
    assertEquals(new BigDecimal(2).toString(), value("SELECT id FROM urk_a WHERE name = 'last wins'"));
  }
}
