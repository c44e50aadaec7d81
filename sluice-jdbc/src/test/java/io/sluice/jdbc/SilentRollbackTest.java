package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.event.EventListener;
import io.sluice.TransactionException;
import io.sluice.event.TransactionEnd;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Commit of a transaction a failed statement aborted (issue 26): PostgreSQL answers the COMMIT
 * with ROLLBACK. As pgjdbc, commit returns normally by default, and throws {@code 25P02} with
 * {@code raiseExceptionOnSilentRollback=true}; either way a warning and an event say so. The
 * native API's {@code Transaction.commit} stays strict.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class SilentRollbackTest extends OneConnection {
  @BeforeAll
  static void schema() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_silent; create table jdbc_silent (k int primary key)");
    }
  }

  private static int rows() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select count(*) from jdbc_silent")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** A read-only serializable transaction whose insert fails with 25006, the failure caught. */
  private static void failInReadOnly(Connection on) throws SQLException {
    on.setAutoCommit(false);
    on.setReadOnly(true);
    on.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
    try (Statement s = on.createStatement()) {
      s.executeQuery("select count(*) from jdbc_silent").close();
      SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("insert into jdbc_silent values (1)"));
      assertEquals("25006", e.getSQLState());
    }
  }

  @Test
  void commitReturnsLeavingAWarningAndAnEvent() throws SQLException {
    List<TransactionEnd> ends = new CopyOnWriteArrayList<>();
    SluiceDataSource ds = new SluiceDataSource();
    ds.setUrl(TestDatabase.url());
    ds.setListener(new EventListener() {
      @Override
      public void transactionEnd(Object token, TransactionEnd end) {
        ends.add(end);
      }
    });
    try (Connection on = ds.getConnection()) {
      failInReadOnly(on);
      on.commit();
      SQLWarning w = on.getWarnings();
      assertNotNull(w, "the silent rollback leaves a warning");
      while (w.getNextWarning() != null) {
        w = w.getNextWarning();
      }
      assertEquals("25P02", w.getSQLState());
      assertTrue(w.getMessage().contains("rolled back") && w.getMessage().contains("25006"), w.getMessage());
      assertEquals(1, ends.size());
      assertEquals(TransactionEnd.Ending.ROLLED_BACK, ends.get(0).ending());
      assertInstanceOf(TransactionException.class, ends.get(0).cause(), "the end event names the refused commit");
      on.setAutoCommit(true);
      on.setReadOnly(false);
      try (Statement s = on.createStatement()) {
        assertEquals(1, s.executeUpdate("insert into jdbc_silent values (2)"), "the connection works on");
      }
    }
    assertEquals(1, rows());
    try (Statement s = c.createStatement()) {
      s.execute("delete from jdbc_silent");
    }
  }

  @Test
  void raiseExceptionOnSilentRollbackMakesCommitThrow() throws SQLException {
    Properties props = new Properties();
    props.setProperty("raiseExceptionOnSilentRollback", "true");
    SluiceDataSource bean = new SluiceDataSource();
    bean.setUrl(TestDatabase.url());
    bean.setRaiseExceptionOnSilentRollback(true);
    for (Connection on : new Connection[] {TestDatabase.connect("&raiseExceptionOnSilentRollback=true"),
        DriverManager.getConnection(TestDatabase.url(), props), bean.getConnection()}) {
      try (on) {
        failInReadOnly(on);
        SQLException e = assertThrows(SQLException.class, on::commit);
        assertEquals("25P02", e.getSQLState());
        assertEquals("25006", ((SQLException) e.getCause()).getSQLState(), "caused by the statement's failure");
        assertFalse(on.getAutoCommit());
        on.setAutoCommit(true);   // nothing left to commit: the transaction ended
      }
    }
    assertEquals(0, rows());
  }

  @Test
  void aCommitThatSucceedsLeavesNoWarning() throws SQLException {
    try (Connection on = TestDatabase.connect("&raiseExceptionOnSilentRollback=true")) {
      on.setAutoCommit(false);
      try (Statement s = on.createStatement()) {
        s.executeUpdate("insert into jdbc_silent values (7)");
        SQLException dup = assertThrows(SQLException.class, () -> s.executeUpdate("insert into jdbc_silent values (7)"));
        assertEquals("23505", dup.getSQLState());
      }
      on.rollback();
      try (Statement s = on.createStatement()) {
        s.executeUpdate("insert into jdbc_silent values (8)");
      }
      on.commit();
      assertNull(on.getWarnings());
    }
    assertEquals(1, rows());
    try (Statement s = c.createStatement()) {
      s.execute("delete from jdbc_silent");
    }
  }

  @Test
  void theNativeTransactionCommitStaysStrict() throws SQLException {
    io.sluice.Connection sluice = c.unwrap(io.sluice.Connection.class);
    try (io.sluice.Transaction tx = sluice.begin()) {
      assertThrows(io.sluice.ServerException.class, () -> tx.execute("insert into jdbc_silent values (1/0)"));
      assertThrows(TransactionException.class, tx::commit);
    }
  }
}
