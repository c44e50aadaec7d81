package io.sluice.lab;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server's CPU over a window counts a backend that connects, works and exits inside it (a
 * client in another process does that on every execution): when polled, at least what that
 * backend had used when last read before it left, in nanoseconds, not in 10 ms clock ticks.
 */
@ServerTest
class ServerCpuTest {
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aBackendThatExitsInsideThePolledWindowIsCounted() throws Exception {
    String uri = PostgresServer.shared().uri();
    ServerCpu server = ServerCpu.of(uri);
    assertNotNull(server, "the test server runs on this machine");
    ServerCpu.Window window = server.open(true);
    long used;
    try (Connection c = Connection.open(uri)) {
      long pid = c.query("select pg_backend_pid()").get(0).getLong(0);
      c.query("select count(*) from generate_series(1, 300000)");
      used = Long.parseLong(Files.readString(Path.of("/proc", String.valueOf(pid), "schedstat")).split(" ")[0]);
      Thread.sleep(200);   // the poller samples every millisecond: it has seen at least this much
    }
    long counted = window.close();
    assertTrue(used > 0, "the backend worked");
    assertTrue(counted >= used, "the exited backend's " + used + " ns are in the window's " + counted + " ns");
  }
}
