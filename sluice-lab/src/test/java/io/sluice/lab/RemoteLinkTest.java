package io.sluice.lab;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.bench.Target;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The lab's remote link: the testkit's latency proxy in a JVM of its own, ended with the link. */
@ServerTest
class RemoteLinkTest {
  @Test
  void theLinkRunsInItsOwnJvmDelaysEveryRoundTripAndEndsWithIt() throws Exception {
    Target target = Target.of(PostgresServer.shared());
    long pid;
    try (RemoteLink link = RemoteLink.open(target, Duration.ofMillis(1))) {
      assertFalse(link.inThisJvm(), link.description());
      pid = link.pid();
      assertNotEquals(ProcessHandle.current().pid(), pid);
      assertTrue(link.description().contains("JVM of its own"), link.description());
      assertNotEquals(target.port(), link.target().port(), "the clients reach the server through the link");
      try (Connection c = Connection.open(link.target().uri())) {
        assertEquals(1, c.query("select 1").get(0).getInt(0));
        long start = System.nanoTime();
        c.query("select 2");
        // a lower bound, not a race: the proxy holds every chunk 1 ms each way
        assertTrue(System.nanoTime() - start >= 2_000_000, "a round trip through the link takes 2 ms at least");
      }
    }
    Optional<ProcessHandle> child = ProcessHandle.of(pid);
    assertTrue(child.isEmpty() || !child.get().isAlive(), "the link's JVM ended with the link");
  }
}
