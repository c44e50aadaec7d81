package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ServerException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.SilentListener;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Connecting over TCP and the Unix socket, startup, parameters, close: against a real server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ConnectTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  static String tcp(String user, String password, String extra) {
    return "host=" + pg.host() + " port=" + pg.port() + " dbname=" + pg.database() + " user=" + user
        + (password == null ? "" : " password=" + password) + (extra.isEmpty() ? "" : " " + extra);
  }

  static String unix(String user, String password, String extra) {
    return "host=" + pg.socketDirectory() + " port=" + pg.port() + " dbname=" + pg.database() + " user=" + user
        + (password == null ? "" : " password=" + password) + (extra.isEmpty() ? "" : " " + extra);
  }

  @Test
  void trustOverTcpAndUnixSocket() {
    for (String url : List.of(tcp(pg.superuser(), null, "sslmode=disable"), unix(pg.superuser(), null, ""))) {
      try (Connection c = Connection.open(url)) {
        List<SimpleResult> r = c.simpleQuery("select 1 as one");
        assertEquals(List.of("one"), r.get(0).columns());
        assertEquals(List.of(List.of("1")), r.get(0).rows());
        assertEquals("SELECT 1", r.get(0).commandTag());
      }
    }
  }

  @Test
  void uriFormConnects() {
    try (Connection c = Connection.open(pg.uri(pg.superuser(), null) + "?sslmode=disable")) {
      assertEquals("1", c.simpleQuery("select 1").get(0).rows().get(0).get(0));
    }
  }

  @Test
  void keepsParameterStatusAndBackendKey() {
    try (Connection c = Connection.open(tcp(pg.superuser(), null, "sslmode=disable"))) {
      assertEquals("UTF8", c.parameter("client_encoding"));
      assertTrue(c.parameter("server_version").startsWith(String.valueOf(pg.majorVersion())));
      String pid = c.simpleQuery("select pg_backend_pid()").get(0).rows().get(0).get(0);
      assertEquals(Integer.parseInt(pid), c.processId());
      c.simpleQuery("set application_name = 'changed'");
      assertEquals("changed", c.parameter("application_name"));
    }
  }

  @Test
  void negotiatesTheNewestProtocolTheServerHas() {
    try (Connection c = Connection.open(tcp(pg.superuser(), null, "sslmode=disable"))) {
      int expected = pg.majorVersion() >= 18 ? 0x30002 : 0x30000;
      assertEquals(expected, c.protocolVersion());
    }
    try (Connection c = Connection.open(tcp(pg.superuser(), null, "sslmode=disable max_protocol_version=3.0"))) {
      assertEquals(0x30000, c.protocolVersion());
    }
  }

  @Test
  void applicationNameReachesTheServer() {
    try (Connection c = Connection.open(tcp(pg.superuser(), null, "sslmode=disable application_name=sluice-test-app"))) {
      String name = c.simpleQuery("select application_name from pg_stat_activity where pid = pg_backend_pid()")
          .get(0).rows().get(0).get(0);
      assertEquals("sluice-test-app", name);
    }
  }

  @Test
  void startupOptionsApply() {
    try (Connection c = Connection.open(tcp(pg.superuser(), null, "sslmode=disable options='-c search_path=pg_catalog'"))) {
      assertEquals("pg_catalog", c.simpleQuery("show search_path").get(0).rows().get(0).get(0));
    }
  }

  @Test
  void closeTerminatesTheBackend() throws Exception {
    int pid;
    try (Connection c = Connection.open(tcp(pg.superuser(), null, "sslmode=disable"))) {
      pid = c.processId();
    }
    try (Connection probe = Connection.open(tcp(pg.superuser(), null, "sslmode=disable"))) {
      boolean gone = false;
      for (int i = 0; i < 100 && !gone; i++) {
        gone = probe.simpleQuery("select count(*) from pg_stat_activity where pid = " + pid)
            .get(0).rows().get(0).get(0).equals("0");
        if (!gone) {
          Thread.sleep(50);
        }
      }
      assertTrue(gone, "backend " + pid + " still there after close");
    }
  }

  @Test
  void closedConnectionRefusesWorkAsNotSent() {
    Connection c = Connection.open(tcp(pg.superuser(), null, "sslmode=disable"));
    c.close();
    assertFalse(c.isOpen());
    ConnectionException e = assertThrows(ConnectionException.class, () -> c.simpleQuery("select 1"));
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
  }

  @Test
  void connectTimeoutAgainstAListenerThatNeverAnswers() throws Exception {
    try (SilentListener silent = SilentListener.accepting()) {
      long t0 = System.nanoTime();
      ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(
          "host=127.0.0.1 port=" + silent.port() + " user=x dbname=x sslmode=disable connect_timeout=1"));
      assertTrue(e.getMessage().contains("timed out"), e.getMessage());
      assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
      assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(900), "gave up before the timeout");
    }
  }

  @Test
  void connectTimeoutAlsoCoversTheTlsHandshake() throws Exception {
    try (SilentListener silent = SilentListener.accepting()) {
      ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(
          "host=127.0.0.1 port=" + silent.port() + " user=x dbname=x sslmode=require connect_timeout=1"));
      assertTrue(e.getMessage().contains("timed out"), e.getMessage());
    }
  }

  @Test
  void refusedPortSaysSo() throws Exception {
    int port;
    try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    ConnectionException e = assertThrows(ConnectionException.class,
        () -> Connection.open("host=127.0.0.1 port=" + port + " user=x dbname=x sslmode=disable"));
    assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
  }

  @Test
  void multipleHostsFallThroughToOneThatWorks() throws Exception {
    int dead;
    try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      dead = s.getLocalPort();
    }
    String url = "postgresql://" + pg.superuser() + "@127.0.0.1:" + dead + ",127.0.0.1:" + pg.port() + "/"
        + pg.database() + "?sslmode=disable";
    try (Connection c = Connection.open(url)) {
      assertEquals("1", c.simpleQuery("select 1").get(0).rows().get(0).get(0));
    }
  }

  @Test
  void badInputIsAConfigErrorBeforeAnythingIsSent() {
    assertThrows(ConfigException.class, () -> Connection.open(tcp(pg.superuser(), null, "sslmodee=disable")));
    assertThrows(ConfigException.class, () -> Connection.open("host=127.0.0.1 port=99999 user=x"));
    assertThrows(ConfigException.class, () -> Connection.open("host=127.0.0.1 port=abc user=x"));
    ConfigException nul = assertThrows(ConfigException.class, () -> Connection.open(
        ConnectionConfig.parse(tcp(pg.superuser(), null, "sslmode=disable")).with("application_name", "a\0b")));
    assertTrue(nul.getMessage().contains("application_name"), nul.getMessage());
  }

  @Test
  void wrongDatabaseIsAServerError() {
    ServerException e = assertThrows(ServerException.class,
        () -> Connection.open(tcp(pg.superuser(), null, "sslmode=disable").replace("dbname=" + pg.database(), "dbname=no_such_db")));
    assertEquals("3D000", e.sqlState());
  }
}
