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

  @Test
  void aStatementsConnectionIsTheHandleSoClosingItReturnsTheConnection() throws Exception {
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
        events.add("error");
      }
    });
    try {
      Connection handle = pooled.getConnection();
      Statement plain = handle.createStatement();
      java.sql.PreparedStatement prepared = handle.prepareStatement("select ?::int");
      java.sql.CallableStatement call = handle.prepareCall("{? = call abs(?)}");
      for (Statement st : new Statement[] {plain, prepared, call}) {
        assertSame(handle, st.getConnection());
      }
      prepared.setInt(1, 7);
      try (ResultSet rs = prepared.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(7, rs.getInt(1), "the statement still runs on the physical connection");
      }
      prepared.getConnection().close();   // what code handed only a statement does to give it back
      assertEquals(List.of("closed"), events);
      try (Connection again = pooled.getConnection(); Statement s = again.createStatement();
          ResultSet rs = s.executeQuery("select 1")) {
        assertTrue(rs.next(), "the physical connection was given back, not closed");
      }
    } finally {
      pooled.close();
    }
  }
}
