package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each fault against a loopback echo server. Times are only ever asserted as lower bounds. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FaultProxyTest {

  private static Socket connect(FaultProxy proxy) throws IOException {
    Socket s = new Socket(proxy.host(), proxy.port());
    s.setSoTimeout(10_000);
    s.setTcpNoDelay(true);
    return s;
  }

  private static byte[] readExactly(InputStream in, int n) throws IOException {
    byte[] b = in.readNBytes(n);
    assertEquals(n, b.length, "stream ended early");
    return b;
  }

  @Test
  void passesBytesBothWaysAndCountsThem() throws IOException {
    byte[] data = new byte[200_000];
    new Random(42).nextBytes(data);
    try (EchoServer echo = new EchoServer(1); FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.port());
        Socket s = connect(proxy)) {
      Thread writer = Thread.ofVirtual().start(() -> {
        try {
          s.getOutputStream().write(data);
        } catch (IOException ignored) {
          // the read below fails then
        }
      });
      assertArrayEquals(data, readExactly(s.getInputStream(), data.length));
      writer.join(10_000);
      assertEquals(data.length, proxy.bytesToServer());
      assertEquals(data.length, proxy.bytesToClient());
      assertEquals(1, proxy.connectionsAccepted());
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void latencyDelaysEachDirection() throws IOException {
    Duration oneWay = Duration.ofMillis(150);
    try (EchoServer echo = new EchoServer(1); FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.port());
        Socket s = connect(proxy)) {
      proxy.latency(oneWay);
      long start = System.nanoTime();
      s.getOutputStream().write(7);
      assertEquals(7, s.getInputStream().read());
      long elapsed = System.nanoTime() - start;
      assertTrue(elapsed >= 2 * oneWay.toNanos(), "round trip took only " + elapsed / 1_000_000 + " ms");
    }
  }

  @Test
  void cutAfterClosesAfterExactlyThatManyBytes() throws IOException {
    try (EchoServer echo = new EchoServer(1); FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.port())) {
      try (Socket s = connect(proxy)) {
        s.getOutputStream().write(new byte[10]);
        readExactly(s.getInputStream(), 10);
        proxy.cutAfter(1000); // counted from now for this open connection
        s.getOutputStream().write(new byte[5000]);
        byte[] got = s.getInputStream().readAllBytes();
        assertEquals(1000, got.length);
      }
      try (Socket s = connect(proxy)) { // new connection: counted from its start
        s.getOutputStream().write(new byte[5000]);
        assertEquals(1000, s.getInputStream().readAllBytes().length);
      }
      proxy.cutAfter(-1);
      try (Socket s = connect(proxy)) {
        s.getOutputStream().write(new byte[5000]);
        readExactly(s.getInputStream(), 5000);
      }
    }
  }

  @Test
  void roundTripsCountBursts() throws IOException {
    // the server answers only once 5 bytes have arrived: 5 separate writes are one burst
    try (EchoServer echo = new EchoServer(5); FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.port());
        Socket s = connect(proxy)) {
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      for (int i = 0; i < 5; i++) {
        out.write(i);
      }
      readExactly(in, 5);
      assertEquals(1, proxy.roundTrips(), "pipelined writes are one round trip");
      for (int i = 0; i < 3; i++) {
        out.write(new byte[5]);
        readExactly(in, 5);
      }
      assertEquals(4, proxy.roundTrips(), "each request after an answer is a round trip");
    }
  }

  @Test
  void blackholeDropsDataButKeepsTheConnection() throws IOException {
    try (EchoServer echo = new EchoServer(1); FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.port());
        Socket s = connect(proxy)) {
      proxy.blackhole(true);
      s.getOutputStream().write(1);
      s.setSoTimeout(300);
      assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read());
      assertEquals(0, proxy.bytesToServer());
      proxy.blackhole(false);
      s.setSoTimeout(10_000);
      s.getOutputStream().write(2);
      assertEquals(2, s.getInputStream().read(), "the dropped byte is gone, the connection works");
      assertEquals(1, proxy.openConnections());
    }
  }

  @Test
  void resetAllSendsReset() throws IOException {
    try (EchoServer echo = new EchoServer(1); FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.port());
        Socket s = connect(proxy)) {
      s.getOutputStream().write(1);
      assertEquals(1, s.getInputStream().read());
      assertEquals(1, proxy.resetAll());
      assertThrows(SocketException.class, () -> s.getInputStream().read(), "a reset, not a clean end of stream");
      assertEquals(0, proxy.openConnections());
    }
  }

  @Test
  void sliceAndBandwidthPaceDelivery() throws IOException {
    try (EchoServer echo = new EchoServer(1); FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.port());
        Socket s = connect(proxy)) {
      // one 10-byte write reaches the proxy as one chunk: 4 slices with 3 pauses towards the server
      // (the echoes come back as slices already, so the way back may add no pause)
      proxy.slice(3, Duration.ofMillis(20));
      long start = System.nanoTime();
      s.getOutputStream().write("0123456789".getBytes(StandardCharsets.US_ASCII));
      assertArrayEquals("0123456789".getBytes(StandardCharsets.US_ASCII), readExactly(s.getInputStream(), 10));
      assertTrue(System.nanoTime() - start >= Duration.ofMillis(60).toNanos());

      // 2000 bytes at 20 kB/s take at least 100 ms to reach the server, however they are split
      proxy.slice(0).bandwidth(20_000);
      start = System.nanoTime();
      s.getOutputStream().write(new byte[2000]);
      readExactly(s.getInputStream(), 2000);
      assertTrue(System.nanoTime() - start >= Duration.ofMillis(100).toNanos());
    }
  }

  @Test
  void onlyLoopbackTargets() {
    assertThrows(IllegalArgumentException.class, () -> FaultProxy.start("192.0.2.1", 5432));
  }
}
