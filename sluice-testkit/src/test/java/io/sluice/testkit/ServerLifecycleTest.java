package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Dedicated servers: control, failure to start, and removal on close. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@ServerTest
class ServerLifecycleTest {
  private static final PostgresServer.Options PLAIN = PostgresServer.Options.defaults().withTls(false);

  @Test
  void invalidSettingFailsWithTheLogTail() throws IOException {
    TestkitException e = assertThrows(TestkitException.class,
        () -> PostgresServer.start(PLAIN.withSetting("shared_buffers", "lots")).close());
    assertTrue(e.getMessage().contains("did not start"), e.getMessage());
    assertTrue(e.getMessage().contains("last 30 lines"), e.getMessage());
    // the server's own words from its log, not just pg_ctl's
    assertTrue(e.getMessage().contains("invalid value for parameter \"shared_buffers\""), e.getMessage());
    Path dir = Path.of(e.getMessage().replaceFirst("(?s).* did not start in (\\S+)/data: .*", "$1"));
    assertTrue(dir.getFileName().toString().startsWith("sluice-pg-"), dir.toString());
    assertFalse(Files.exists(dir), "the failed server's directory is removed: " + dir);
  }

  @Test
  void controlAndClose() throws IOException {
    PostgresServer s = PostgresServer.start(PLAIN.withSetting("max_connections", "20"));
    Path data = s.dataDirectory();
    int port = s.port();
    try (s) {
      assertFalse(s.tlsEnabled());
      assertThrows(IllegalStateException.class, s::caCertificate);
      assertEquals("20|off", s.psql("SHOW max_connections; SHOW fsync").replace('\n', '|'));
      assertTrue(Files.exists(s.socketDirectory().resolve(".s.PGSQL." + port)));
      long pid = s.postmasterPid();

      s.restart();
      assertNotEquals(pid, s.postmasterPid());
      assertEquals("1", s.psql("SELECT 1"));

      s.stop();
      assertFalse(s.running());
      assertEquals(-1, s.postmasterPid());
      assertThrows(TestkitException.class, () -> s.psql("SELECT 1"));
      assertRefused(port);

      s.start();
      assertTrue(s.running());
      s.psql("ALTER SYSTEM SET work_mem = '7MB'");
      s.reload();
      assertTrue(waitForSetting(s, "work_mem", "7MB"), "reload applies the new setting");
      assertTrue(s.logTail(200).contains("received SIGHUP"), s.logTail(30));
    }
    assertFalse(Files.exists(data), "data directory removed");
    assertFalse(Files.exists(data.getParent()), "server directory removed");
    assertRefused(port);
    assertThrows(IllegalStateException.class, s::restart);
  }

  /** Reload is asynchronous: polls a bounded number of times. */
  private static boolean waitForSetting(PostgresServer s, String name, String value) {
    for (int i = 0; i < 50; i++) {
      if (s.psql("SHOW " + name).equals(value)) {
        return true;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return false;
  }

  private static void assertRefused(int port) throws IOException {
    try (Socket socket = new Socket()) {
      assertThrows(ConnectException.class, () -> socket.connect(new InetSocketAddress("127.0.0.1", port), 2000));
    }
  }
}
