package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.PasswordSupplier;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.event.EventListener;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A password supplier, as for short-lived cloud tokens: called on every physical connection, the
 * pool's new connections log in with the current token after a rotation, and the token shows in
 * no message or {@code toString}. Against a role of its own with SCRAM (the testkit's pg_hba lets
 * any role a test creates log in with scram-sha-256).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PasswordSupplierTest {
  static final String ROLE = "sluice_rotating";
  static PostgresServer pg;
  static Connection admin;

  @BeforeAll
  static void role() {
    pg = PostgresServer.shared();
    assumeTrue(pg.prepared(), "the server was not started by the testkit: no pg_hba rules for new roles");
    admin = Connection.open(pg.uri());
    admin.simpleQuery("DROP ROLE IF EXISTS " + ROLE + "; CREATE ROLE " + ROLE + " LOGIN PASSWORD 'token-1'");
  }

  @AfterAll
  static void drop() {
    if (admin != null) {
      admin.simpleQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + ROLE + "'");
      admin.simpleQuery("DROP ROLE IF EXISTS " + ROLE);
      admin.close();
    }
  }

  static ConnectionConfig config(PasswordSupplier supplier) {
    return ConnectionConfig.builder()
        .host(pg.host()).port(pg.port()).user(ROLE).database(pg.database()).set("sslmode", "disable")
        .password("not-the-token")   // the supplier takes its place
        .passwordSupplier(supplier)
        .build();
  }

  static void rotate(String token) {
    admin.simpleQuery("ALTER ROLE " + ROLE + " PASSWORD '" + token + "'");
  }

  @Test
  void calledOnEveryPhysicalConnectionWithTheHostAndUser() {
    rotate("token-1");
    List<String> calls = new ArrayList<>();
    ConnectionConfig cfg = config((host, user) -> {
      calls.add(user + "@" + host.port());
      return "token-1";
    });
    for (int i = 0; i < 3; i++) {
      try (Connection c = Connection.open(cfg)) {
        assertEquals(ROLE, c.query("select current_user").get(0).getString(0));
      }
    }
    assertEquals(List.of(ROLE + "@" + pg.port(), ROLE + "@" + pg.port(), ROLE + "@" + pg.port()), calls);
  }

  @Test
  void aPoolReconnectsThroughTheSupplierAfterARotation() throws InterruptedException {
    rotate("token-a");
    AtomicReference<String> current = new AtomicReference<>("token-a");
    AtomicInteger calls = new AtomicInteger();
    ConnectionConfig cfg = config((host, user) -> {
      calls.incrementAndGet();
      return current.get();
    });
    // one connection, so that no second one opened meanwhile (a pool filling to its minimum) can
    // outlive the terminations below and answer without a new login
    try (Pool pool = Pool.open(cfg, PoolOptions.DEFAULT.minSize(0).maxSize(1).validateAfterIdle(Duration.ZERO))) {
      int oldPid = pool.query("select pg_backend_pid()").get(0).getInt(0);
      int before = calls.get();
      // the token rotates, and every existing session ends (as when the old token's sessions are dropped)
      current.set("token-b");
      rotate("token-b");
      admin.simpleQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + ROLE + "'");
      // pg_terminate_backend only signals: wait until the session has ended, so that its FATAL is
      // there for the pool to find when it checks
      Poll.eventually("the terminated session is gone",
          () -> admin.query("select 1 from pg_stat_activity where pid = $1", oldPid).isEmpty());
      assertNotEquals(oldPid, pool.query("select pg_backend_pid()").get(0).getInt(0));
      assertTrue(calls.get() > before, "the pool's new connection asked the supplier again");
    }
  }

  @Test
  void theTokenAppearsInNoMessageNorToString() {
    rotate("token-right");
    String wrong = "secret-token-wrong-7f3a";
    ConnectionConfig cfg = config((host, user) -> wrong);
    assertFalse(cfg.toString().contains(wrong));
    assertTrue(cfg.toString().contains("password=(from a supplier)"), cfg.toString());
    ServerException e = assertThrows(ServerException.class, () -> Connection.open(cfg).close());
    assertEquals("28P01", e.sqlState());   // invalid_password
    for (Throwable t = e; t != null; t = t.getCause()) {
      assertFalse(String.valueOf(t.getMessage()).contains(wrong), t.toString());
    }
  }

  @Test
  void aFailingSupplierIsAConnectionErrorWithItsCause() {
    IOException cause = new IOException("token service unreachable");
    ConnectionConfig cfg = config((host, user) -> {
      throw cause;
    });
    ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(cfg).close());
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains("password supplier failed"), e.getMessage());
    Throwable root = e;
    while (root.getCause() != null && root != cause) {
      root = root.getCause();
    }
    assertSame(cause, root);
  }

  @Test
  void anEmptyAnswerSaysNoPasswordWasGiven() {
    ConnectionConfig cfg = config((host, user) -> "");
    ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(cfg).close());
    assertTrue(e.getMessage().contains("a password supplier"), e.getMessage());
  }

  @Test
  void theSupplierTravelsWithCopiesAndCountsInEquality() {
    PasswordSupplier s = (host, user) -> "x";
    ConnectionConfig a = config(s);
    assertSame(s, a.withPort(pg.port()).passwordSupplier().orElseThrow());
    assertEquals(a, a.with("application_name", null));
    // code, not a setting: equality compares settings only, as for listeners and notice handlers
    assertEquals(a, a.withPasswordSupplier(null));
    assertTrue(a.withListener(new EventListener() {}).passwordSupplier().isPresent(), "kept by other copies");
    assertTrue(a.withPasswordSupplier(null).passwordSupplier().isEmpty());
  }
}
