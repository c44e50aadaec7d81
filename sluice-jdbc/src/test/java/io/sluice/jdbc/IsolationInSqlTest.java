package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code getTransactionIsolation} after the level was set in SQL, not through JDBC (issue 35 §4). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class IsolationInSqlTest {
  @Test
  void isolationSetInSqlIsWhatTheConnectionReports() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
      s.execute("set session characteristics as transaction isolation level serializable");
      assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
      s.execute("set default_transaction_isolation = 'repeatable read'");
      assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
      c.setAutoCommit(false);
      s.execute("set transaction isolation level serializable");
      assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation(), "this transaction's level");
      c.rollback();
      assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
      c.setAutoCommit(true);
      s.execute("reset default_transaction_isolation");
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
      c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
      assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation(), "the level chosen in JDBC");
    }
  }
}
