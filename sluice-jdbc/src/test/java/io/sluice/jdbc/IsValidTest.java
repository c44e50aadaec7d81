package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code isValid} on a stalled connection returns within the network timeout when that is
 * shorter than its own, {@code 0} included (issue 35: {@code isValid(0)} hung, and {@code isValid(t)}
 * ignored the network timeout). Bounds are generous: what is asserted is that it returns false, not how fast.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class IsValidTest {
  private static String via(FaultProxy proxy) {
    return TestDatabase.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/")
        .replaceAll("&sslmode=[^&]*", "") + "&sslmode=disable";
  }

  @FunctionalInterface
  interface Check {
    boolean run() throws Exception;
  }

  /** {@code check} on another thread, so that a hang fails the test instead of stopping it. */
  private static boolean within(int seconds, Check check) throws Exception {
    CompletableFuture<Boolean> f = CompletableFuture.supplyAsync(() -> {
      try {
        return check.run();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    return f.get(seconds, TimeUnit.SECONDS);
  }

  private static void stalledIsInvalid(int isValidTimeout) throws Exception {
    try (FaultProxy proxy = FaultProxy.start(TestDatabase.server().host(), TestDatabase.server().port());
        Connection c = DriverManager.getConnection(via(proxy))) {
      c.setNetworkTimeout(Runnable::run, 500);
      assertTrue(c.isValid(isValidTimeout));
      proxy.blackhole(true);
      assertFalse(within(10, () -> c.isValid(isValidTimeout)));
    }
  }

  @Test
  void isValidZeroOnAStalledConnectionReturnsByTheNetworkTimeout() throws Exception {
    stalledIsInvalid(0);
  }

  @Test
  void isValidOneOnAStalledConnectionReturns() throws Exception {
    stalledIsInvalid(1);
  }

  @Test
  void aLongerIsValidTimeoutIsCutByTheNetworkTimeout() throws Exception {
    stalledIsInvalid(30);   // within 10 s only if the 500 ms network timeout bounds it
  }

  @Test
  void isValidInsideATransactionOnAStalledConnectionReturns() throws Exception {
    try (FaultProxy proxy = FaultProxy.start(TestDatabase.server().host(), TestDatabase.server().port());
        Connection c = DriverManager.getConnection(via(proxy))) {
      // the transaction's own thread probes it: past the bound it cancels, and with no answer to
      // the cancel either, the connection is closed after cancel_timeout (10 s)
      assertFalse(within(40, () -> {
        c.setAutoCommit(false);
        c.createStatement().execute("select 1");
        // set after the statement: a statement not answered within it would close the connection
        c.setNetworkTimeout(Runnable::run, 500);
        boolean before = c.isValid(0);
        proxy.blackhole(true);
        return !before || c.isValid(0);
      }));
    }
  }

  @Test
  void aHealthyConnectionIsValid() throws Exception {
    try (Connection c = TestDatabase.connect()) {
      c.setNetworkTimeout(Runnable::run, 500);
      assertTrue(c.isValid(0));
      assertTrue(c.isValid(5));
    }
  }
}
