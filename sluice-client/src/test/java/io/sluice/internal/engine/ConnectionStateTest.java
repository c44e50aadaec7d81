package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.ConnectionState.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The connection's one state: its transitions, and which cause each question gets. */
class ConnectionStateTest {
  private static ConnectionException failure(String why) {
    return new ConnectionException(why, Outcome.UNKNOWN);
  }

  @Test
  void openHasNoCauseAndIsReadable() {
    ConnectionState s = new ConnectionState();
    assertEquals(Phase.OPEN, s.phase());
    assertTrue(s.isOpen());
    assertNull(s.cause());
    assertTrue(s.phase().readable());
  }

  @Test
  void aFailedWriteStopsAdmissionButLeavesTheRepliesReadableAndGivesWayToWhatTheReadersFind() {
    ConnectionState s = new ConnectionState();
    ConnectionException pipe = failure("broken pipe");
    assertTrue(s.writeFailed(pipe));
    assertFalse(s.isOpen());
    assertTrue(s.phase().readable(), "the FATAL may still be waiting");
    assertSame(pipe, s.cause());
    assertFalse(s.writeFailed(failure("second write")), "only the first write's failure counts");
    ConnectionException fatal = failure("FATAL: terminating connection");
    assertSame(fatal, s.broke(fatal), "the server's last words say more than the broken pipe");
    assertEquals(Phase.BROKEN, s.phase());
    assertFalse(s.phase().readable());
  }

  @Test
  void theFirstFailureStaysTheCause() {
    ConnectionState s = new ConnectionState();
    ConnectionException deadline = failure("the deadline passed");
    assertSame(deadline, s.broke(deadline));
    // closing the socket for the deadline also fails the blocked read: that must not replace it
    assertSame(deadline, s.broke(failure("could not read")));
    assertFalse(s.writeFailed(failure("could not write")));
    assertSame(deadline, s.cause());
    assertFalse(s.close(), "it was not open: no Terminate");
    assertEquals(Phase.CLOSED, s.phase());
    assertSame(deadline, s.cause(), "a closed connection still says why it failed");
  }

  @Test
  void closingAnOpenConnectionOnceSaysItWasOpenOnce() {
    ConnectionState s = new ConnectionState();
    assertTrue(s.close());
    assertFalse(s.close());
    assertEquals(Phase.CLOSED, s.phase());
    assertTrue(s.cause().getMessage().contains("closed"), s.cause().getMessage());
    assertSame(s.cause(), s.broke(failure("a read after the close")), "closed stays closed");
    assertEquals(Phase.CLOSED, s.phase());
  }

  @Test
  void racingFailuresAgreeOnOneCause() throws Exception {
    for (int round = 0; round < 200; round++) {
      ConnectionState s = new ConnectionState();
      int n = 4;
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> threads = new ArrayList<>();
      Object[] seen = new Object[n];
      for (int i = 0; i < n; i++) {
        int me = i;
        threads.add(Thread.startVirtualThread(() -> {
          try {
            go.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          seen[me] = s.broke(failure("failure " + me));
        }));
      }
      go.countDown();
      for (Thread t : threads) {
        t.join();
      }
      for (Object o : seen) {
        assertSame(s.cause(), o, "every caller is told the one cause the state holds");
      }
    }
  }
}
