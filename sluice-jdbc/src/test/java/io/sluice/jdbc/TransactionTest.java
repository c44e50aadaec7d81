package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Auto-commit, commit and rollback, savepoints, isolation, read-only, and a transaction's thread. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class TransactionTest extends OneConnection {
  @BeforeAll
  static void schema() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_tx; create table jdbc_tx (k int primary key, v text)");
    }
  }

  private static int count(Connection on) throws SQLException {
    try (Statement s = on.createStatement(); ResultSet rs = s.executeQuery("select count(*) from jdbc_tx")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static void clear() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("delete from jdbc_tx");
    }
  }

  @Test
  void commitMakesWorkVisibleAndRollbackUndoesIt() throws SQLException {
    clear();
    try (Connection other = TestDatabase.connect()) {
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("insert into jdbc_tx values (?, ?)")) {
        p.setInt(1, 1);
        p.setString(2, "one");
        p.executeUpdate();
        assertEquals(0, count(other), "not visible before commit");
        c.commit();
        assertEquals(1, count(other));
        p.setInt(1, 2);
        p.executeUpdate();
        c.rollback();
        assertEquals(1, count(other));
      } finally {
        c.setAutoCommit(true);
      }
    }
  }

  @Test
  void savepointsRollBackPartOfATransaction() throws SQLException {
    clear();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.executeUpdate("insert into jdbc_tx values (10, 'kept')");
      Savepoint sp = c.setSavepoint("before dup");
      assertThrows(java.sql.SQLIntegrityConstraintViolationException.class,
          () -> s.executeUpdate("insert into jdbc_tx values (10, 'dup')"));
      c.rollback(sp);   // the transaction goes on after the failure
      s.executeUpdate("insert into jdbc_tx values (11, 'after')");
      Savepoint unnamed = c.setSavepoint();
      assertTrue(unnamed.getSavepointId() > 0);
      c.releaseSavepoint(unnamed);
      c.commit();
    } finally {
      c.setAutoCommit(true);
    }
    assertEquals(2, count(c));
  }

  @Test
  void aFailedTransactionRollsBackAtCommit() throws SQLException {
    clear();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.executeUpdate("insert into jdbc_tx values (20, 'x')");
      assertThrows(SQLException.class, () -> s.executeUpdate("insert into jdbc_tx values (20, 'x')"));
      SQLException aborted = assertThrows(SQLException.class, () -> s.executeQuery("select 1"));
      assertEquals("25P02", aborted.getSQLState());
      assertTrue(c.isValid(5), "an aborted transaction does not make the connection invalid");
      c.commit();   // pgjdbc's default: returns; the server rolled back (SilentRollbackTest)
    } finally {
      c.setAutoCommit(true);
    }
    assertEquals(0, count(c));
  }

  @Test
  void isolationAndReadOnlyApplyToTheTransaction() throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
      c.setReadOnly(true);
      try (ResultSet rs = s.executeQuery("select current_setting('transaction_isolation'),"
          + " current_setting('transaction_read_only')")) {
        assertTrue(rs.next());
        assertEquals("serializable", rs.getString(1));
        assertEquals("on", rs.getString(2));
      }
      assertThrows(SQLException.class, () -> c.setReadOnly(false), "not inside a transaction");
      SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("insert into jdbc_tx values (30, 'ro')"));
      assertEquals("25006", e.getSQLState());
      c.rollback();
      c.setReadOnly(false);
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
      c.commit();
    } finally {
      c.setAutoCommit(true);
    }
  }

  @Test
  void switchingAutoCommitOnCommits() throws SQLException {
    clear();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.executeUpdate("insert into jdbc_tx values (40, 'x')");
    }
    c.setAutoCommit(true);
    try (Connection other = TestDatabase.connect()) {
      assertEquals(1, count(other));
    }
  }

  /** Runs {@code body} on a thread of its own and waits for it; its failure is rethrown here. */
  private static void onAnotherThread(SqlBody body) throws Exception {
    var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
    Thread t = Thread.ofPlatform().start(() -> {
      try {
        body.run();
      } catch (Throwable e) {
        failure.set(e);
      }
    });
    assertTrue(t.join(java.time.Duration.ofSeconds(30)), "the other thread finished");
    if (failure.get() != null) {
      throw new AssertionError("on the other thread: " + failure.get(), failure.get());
    }
  }

  private interface SqlBody {
    void run() throws Exception;
  }

  @Test
  void aTransactionBelongsToTheConnectionNotToAThread() throws Exception {
    // as pgjdbc: statements of the transaction and its commit may come from other threads
    // (a coroutine resumed elsewhere, a pool's housekeeper rolling back) than the one that began it
    clear();
    try (Connection other = TestDatabase.connect()) {
      c.setAutoCommit(false);
      try {
        onAnotherThread(() -> {
          try (Statement s = c.createStatement()) {
            s.executeUpdate("insert into jdbc_tx values (70, 'begun on a thread that then ends')");
          }
        });
        try (Statement s = c.createStatement()) {
          s.executeUpdate("insert into jdbc_tx values (71, 'on the test thread')");
          assertEquals(2, count(c), "both inserts in one transaction");
        }
        assertEquals(0, count(other), "nothing committed yet");
        onAnotherThread(c::commit);
        assertEquals(2, count(other), "committed by a third thread");
        onAnotherThread(() -> {
          try (Statement s = c.createStatement()) {
            s.executeUpdate("insert into jdbc_tx values (72, 'rolled back')");
          }
        });
        c.rollback();
        assertEquals(2, count(other));
        assertEquals(2, count(c), "the rollback took the third insert away");
      } finally {
        c.setAutoCommit(true);
      }
    }
  }

  @Test
  void aTransactionBegunOnAThreadThatEndedIsRolledBackByAnother() throws Exception {
    clear();
    Connection left = TestDatabase.connect();
    try {
      left.setAutoCommit(false);
      onAnotherThread(() -> {
        try (Statement s = left.createStatement()) {
          s.executeUpdate("insert into jdbc_tx values (80, 'its thread has ended')");
        }
      });
      left.rollback();
      try (Statement s = left.createStatement()) {
        assertEquals(0, count(left));
        s.executeUpdate("insert into jdbc_tx values (81, 'a new transaction')");
      }
      left.commit();
      try (Connection other = TestDatabase.connect()) {
        assertEquals(1, count(other));
      }
    } finally {
      left.close();
      clear();
    }
  }

  @Test
  void commitInAutoCommitModeIsAnError() {
    assertThrows(SQLException.class, c::commit);
    assertThrows(SQLException.class, c::setSavepoint);
  }

  @Test
  void errorsCarrySqlStateClassOutcomeAndServerFields() throws SQLException {
    try (Statement s = c.createStatement()) {
      SQLException syntax = assertThrows(SQLException.class, () -> s.execute("selec 1"));
      assertInstanceOf(java.sql.SQLSyntaxErrorException.class, syntax);
      assertEquals("42601", syntax.getSQLState());
      assertTrue(syntax.getMessage().contains("syntax error"), syntax.getMessage());
      assertEquals(io.sluice.SluiceException.Outcome.SERVER_ERROR, SqlExceptions.outcome(syntax).orElseThrow());
      s.execute("insert into jdbc_tx values (50, 'x') on conflict do nothing");
      SQLException dup = assertThrows(SQLException.class, () -> s.execute("insert into jdbc_tx values (50, 'x')"));
      assertInstanceOf(java.sql.SQLIntegrityConstraintViolationException.class, dup);
      assertEquals("jdbc_tx_pkey", SqlExceptions.serverError(dup).orElseThrow().constraint());
      SQLException data = assertThrows(SQLException.class, () -> s.execute("select 1/0"));
      assertInstanceOf(java.sql.SQLDataException.class, data);
      SQLException missing = assertThrows(SQLException.class, () -> s.execute("select * from no_such_table"));
      assertEquals("42P01", missing.getSQLState());
    }
  }

  @Test
  void aClosedConnectionsStatementRefusesWorkAsPgjdbcDoes() throws SQLException {
    Connection gone = TestDatabase.connect();
    Statement s = gone.createStatement();
    gone.close();
    assertTrue(gone.isClosed());
    assertFalse(gone.isValid(1));
    SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("select 1"));
    assertEquals("55000", e.getSQLState(), "pgjdbc: the statement is closed with its connection");
    assertEquals("08003", assertThrows(SQLException.class, gone::createStatement).getSQLState());
  }

  @Test
  void anotherThreadClosesAConnectionWhoseTransactionIsOpen() throws Exception {
    // a pool's housekeeping thread closing a connection that a caller left in a transaction
    Connection left = TestDatabase.connect();
    left.setAutoCommit(false);
    try (Statement s = left.createStatement()) {
      s.executeUpdate("insert into jdbc_tx values (60, 'never committed')");
    }
    var closed = new java.util.concurrent.atomic.AtomicReference<Throwable>();
    Thread closer = Thread.ofVirtual().start(() -> {
      try {
        left.close();
      } catch (Throwable e) {
        closed.set(e);
      }
    });
    assertTrue(closer.join(java.time.Duration.ofSeconds(20)), "close from another thread returned");
    assertNull(closed.get());
    assertTrue(left.isClosed());
    // the same key again: it would wait on the open transaction's row lock, unless that was rolled back
    try (Connection other = TestDatabase.connect("&options=-c%20lock_timeout%3D10s"); Statement s = other.createStatement()) {
      assertEquals(1, s.executeUpdate("insert into jdbc_tx values (60, 'after the close')"));
      s.executeUpdate("delete from jdbc_tx where k = 60");
    }
  }

  @Test
  void abortClosesWithoutBlocking() throws SQLException {
    Connection gone = TestDatabase.connect();
    gone.abort(Runnable::run);
    assertTrue(gone.isClosed());
  }
}
