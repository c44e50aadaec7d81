package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SilentListenerTest {

  private static void assertReadTimesOut(SilentListener l) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(l.address(), 2000);
      s.getOutputStream().write(new byte[8]); // a startup packet, say: nobody answers
      s.setSoTimeout(300);
      assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read());
    }
  }

  @Test
  void acceptingListenerNeverAnswers() throws Exception {
    try (SilentListener l = SilentListener.accepting()) {
      assertReadTimesOut(l);
      for (int i = 0; i < 100 && l.acceptedConnections() == 0; i++) {
        Thread.sleep(20);
      }
      assertEquals(1, l.acceptedConnections());
    }
  }

  @Test
  void notAcceptingListenerNeverAnswers() throws IOException {
    try (SilentListener l = SilentListener.notAccepting()) {
      assertReadTimesOut(l);
      assertEquals(0, l.acceptedConnections());
    }
  }

  @Test
  void saturatedListenerMakesConnectTimeOut() throws IOException {
    try (SilentListener l = SilentListener.saturated(); Socket s = new Socket()) {
      assertThrows(SocketTimeoutException.class, () -> s.connect(l.address(), 300));
    }
  }
}
