package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/** The JVM-wide server chosen by {@code sluice.pg}: 18 (embedded) unless told otherwise. */
@ServerTest
class SharedServerTest extends AuthMatrixTests {
  @Override
  PostgresServer server() {
    PostgresServer s = PostgresServer.shared();
    assumeTrue(s.prepared(), "an external server (SLUICE_TEST_URL) has no test roles");
    return s;
  }

  @Test
  void isTheSelectedVersionAndStaysOpenWhenClosed() {
    PostgresServer s = server();
    String selector = PostgresServer.selector();
    if (selector.matches("\\d+")) {
      assertEquals(Integer.parseInt(selector), s.majorVersion());
    }
    s.close(); // a no-op for the shared server
    assertSame(s, PostgresServer.shared());
    assertEquals("1", s.psql("SELECT 1"));
  }

  @Test
  void psqlScriptGoesOnAfterAnErrorAndDoesNotThrow() {
    PostgresServer s = server();
    String script = "SELECT 1;\nSELECT 1/0;\nSELECT 2, 'x';\n";
    CommandResult r = s.psqlScript(script);
    assertTrue(r.ok(), r.stderr());
    assertEquals("1\n2|x\n", r.stdout());
    assertTrue(r.stderr().startsWith("psql:<stdin>:2: ERROR:  division by zero"), r.stderr());
    assertThrows(TestkitException.class, () -> s.psql(script), "psql() stops at the error and throws");
  }

  @Test
  void externalServerIsUsedAsIs() {
    PostgresServer local = server();
    PostgresServer external = PostgresServer.external(local.uri());
    assertFalse(external.prepared());
    assertFalse(external.tlsEnabled());
    assertEquals(local.version(), external.version());
    assertEquals(local.port(), external.port());
    assertEquals("sluice|sluice", external.psql("SELECT current_user, current_database()"));
    assertThrows(IllegalStateException.class, external::dataDirectory);
    assertThrows(IllegalStateException.class, external::restart);
  }

  @Test
  void uriIsUrlEncoded() {
    PostgresServer s = server();
    assertEquals("postgresql://a%20b:p%40%3A%2F%2B@127.0.0.1:" + s.port() + "/sluice", s.uri("a b", "p@:/+"));
    assertEquals("postgresql://sluice@127.0.0.1:" + s.port() + "/sluice", s.uri());
    PostgresServer parsed = PostgresServer.external(s.uri(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD));
    assertEquals(TestRoles.SCRAM, parsed.psql("SELECT current_user"));
    assertTrue(s.logTail(1000).contains("ready to accept connections"));
  }

  @Test
  void faultProxyCarriesAndCutsARealSession() {
    PostgresServer s = server();
    try (FaultProxy proxy = FaultProxy.start(s.host(), s.port())) {
      String viaProxy = "host=127.0.0.1 port=" + proxy.port() + " dbname=sluice user=" + TestRoles.SCRAM
          + " sslmode=disable connect_timeout=10";
      CommandResult ok = s.psqlAs(viaProxy, TestRoles.SCRAM_PASSWORD, "SELECT 40 + 2");
      assertEquals("42", ok.stdout().strip(), ok.stderr());
      // startup, SCRAM first and final message, query: at least four client bursts
      assertTrue(proxy.roundTrips() >= 4, "round trips: " + proxy.roundTrips());
      proxy.cutAfter(20); // inside the first authentication message
      CommandResult cut = s.psqlAs(viaProxy, TestRoles.SCRAM_PASSWORD, "SELECT 1");
      assertFalse(cut.ok(), cut.stdout());
      assertEquals(2, proxy.connectionsAccepted());
    }
  }
}
