package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A CancelRequest travels like its session: over TLS when the session uses TLS. Seen from a proxy
 * between client and server: a plain cancel is a few dozen bytes, a TLS handshake hundreds.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class EncryptedCancelTest {

  @ParameterizedTest
  @ValueSource(strings = {"require", "disable"})
  void theCancelConnectionIsEncryptedLikeTheSession(String sslmode) throws Exception {
    PostgresServer pg = PostgresServer.shared();
    Assumptions.assumeTrue(pg.prepared() && pg.tlsEnabled(), "needs the local test server with TLS");
    try (FaultProxy proxy = FaultProxy.start(pg.host(), pg.port());
        Connection c = Connection.open("host=127.0.0.1 port=" + proxy.port() + " user=" + pg.superuser()
            + " dbname=" + pg.database() + " sslmode=" + sslmode)) {
      assertEquals(sslmode.equals("require"), c.tlsProtocol() != null);
      CompletableFuture<Throwable> sleeper = CompletableFuture.supplyAsync(() -> {
        try {
          c.query("select pg_sleep(30)");
          return null;
        } catch (Throwable t) {
          return t;
        }
      }, r -> Thread.startVirtualThread(r));
      Poll.eventually("the query runs", () -> {
        try (Connection admin = Connection.open(pg.conninfo(""))) {
          // sleeping inside pg_sleep, not merely 'active' (that covers its Parse and Describe too)
          return admin.query("select 1 from pg_stat_activity where query = 'select pg_sleep(30)'"
              + " and wait_event = 'PgSleep'").size() == 1;
        }
      });
      long before = proxy.bytesToServer();
      long connectionsBefore = proxy.connectionsAccepted();
      assertTrue(c.cancel(), "the server acknowledged the cancel");
      Throwable t = sleeper.get(20, TimeUnit.SECONDS);
      assertInstanceOf(ServerException.class, t);
      assertEquals("57014", ((ServerException) t).sqlState());
      long cancelBytes = proxy.bytesToServer() - before;
      assertEquals(connectionsBefore + 1, proxy.connectionsAccepted(), "one connection for the cancel");
      if (sslmode.equals("require")) {
        assertTrue(cancelBytes > 200, "a TLS handshake carried the cancel: " + cancelBytes + " bytes");
      } else {
        assertTrue(cancelBytes < 100, "a plain CancelRequest: " + cancelBytes + " bytes");
      }
      assertEquals(1, c.query("select 1").size());
    }
  }
}
