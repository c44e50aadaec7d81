package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.sql.ConnectionEvent;
import javax.sql.ConnectionEventListener;
import javax.sql.PooledConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** ConnectionPoolDataSource: handles that go back to the pool on close, and errors that end the connection. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PooledConnectionTest {
  @Test
  void aHandleGoesBackOnCloseAndAnEndingErrorIsReported() throws Exception {
    SluiceConnectionPoolDataSource ds = new SluiceConnectionPoolDataSource();
    ds.setUrl(TestDatabase.url());
    PooledConnection pooled = ds.getPooledConnection();
    List<String> events = new CopyOnWriteArrayList<>();
    pooled.addConnectionEventListener(new ConnectionEventListener() {
      @Override
      public void connectionClosed(ConnectionEvent e) {
        events.add("closed");
      }

      @Override
      public void connectionErrorOccurred(ConnectionEvent e) {
        events.add("error " + e.getSQLException().getSQLState());
      }
    });
    int pid;
    Connection first = pooled.getConnection();
    try (Statement s = first.createStatement(); ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
      rs.next();
      pid = rs.getInt(1);
    }
    first.close();
    assertEquals(List.of("closed"), events);
    assertTrue(first.isClosed());
    assertThrows(SQLException.class, first::createStatement);
    Connection second = pooled.getConnection();
    assertFalse(second.isClosed(), "the physical connection stayed open");
    try (Connection admin = TestDatabase.connect(); Statement s = admin.createStatement()) {
      s.executeQuery("select pg_terminate_backend(" + pid + ")").close();
    }
    SQLException e = assertThrows(SQLException.class, () -> {
      for (int i = 0; i < 50; i++) {
        try (Statement s = second.createStatement()) {
          s.executeQuery("select 1").close();
        }
        Thread.sleep(20);
      }
    });
    assertTrue(e.getSQLState().startsWith("08") || e.getSQLState().startsWith("57P"), e.getSQLState());
    second.close();   // a statement's error ended it: the handle's close reports the error, not a healthy return
    assertEquals(List.of("closed", "error 08003"), events);
    pooled.close();
  }
}
