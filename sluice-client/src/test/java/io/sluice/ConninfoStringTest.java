package io.sluice;

import io.sluice.protocol.auth.AuthMethod;
import static io.sluice.ConfigFixtures.cfg;
import static io.sluice.ConfigFixtures.hosts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigFixtures.Case;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** libpq keyword/value strings, PostgreSQL docs 32.1.1.1. */
class ConninfoStringTest {

  static Stream<Case> strings() {
    return Stream.of(
        Case.of("", "localhost:5432", "user", "alice", "dbname", "alice", "sslmode", "prefer",
            "connect_timeout", "30", "statement_cache_size", "256", "pipeline_depth", "256",
            "max_message_size", "1073741824", "cancel_timeout", "10", "max_protocol_version", "3.2"),
        Case.of("   ", "localhost:5432"),
        Case.of("host=localhost port=5432 dbname=mydb connect_timeout=10", "localhost:5432",
            "dbname", "mydb", "connect_timeout", "10"),
        Case.of("host = h   port =5433\tdbname=  d", "h:5433", "dbname", "d"),
        Case.of("\nhost=h\r\n\fport=1\u000b", "h:1"),
        // quoting and escapes
        Case.of("password='it\\'s a secret'", "localhost:5432", "password", "it's a secret"),
        Case.of("password='back\\\\slash'", "localhost:5432", "password", "back\\slash"),
        Case.of("dbname='my db' user=bob", "localhost:5432", "dbname", "my db", "user", "bob"),
        Case.of("application_name=a\\ b", "localhost:5432", "application_name", "a b"),
        Case.of("options='-c geqo=off -c search_path=x'", "localhost:5432",
            "options", "-c geqo=off -c search_path=x"),
        Case.of("dbname=a=b", "localhost:5432", "dbname", "a=b"),
        // an empty value is "not given"
        Case.of("user='' dbname=''", "localhost:5432", "user", "alice", "dbname", "alice"),
        // the last of a repeated keyword wins
        Case.of("port=5432 port=6543", "localhost:6543"),
        // hosts: sockets, lists, hostaddr
        Case.of("host=/tmp", "/tmp/.s.PGSQL.5432"),
        Case.of("host='/tmp/my sockets' port=6000", "/tmp/my sockets/.s.PGSQL.6000"),
        Case.of("host=h1,h2,h3 port=5433", "h1:5433,h2:5433,h3:5433"),
        Case.of("host=h1,h2 port=1,2", "h1:1,h2:2"),
        Case.of("host=h1,h2 port=,7", "h1:5432,h2:7"),
        Case.of("host=h1,/tmp port=1,2", "h1:1,/tmp/.s.PGSQL.2"),
        Case.of("host=::1", "[::1]:5432"),
        Case.of("hostaddr=127.0.0.1", "127.0.0.1:5432"),
        Case.of("hostaddr=127.0.0.1,::1 port=1,2", "127.0.0.1:1,[::1]:2"),
        Case.of("host=db.example hostaddr=10.1.2.3", "db.example:5432 (10.1.2.3)"),
        Case.of("host=a,b hostaddr=10.0.0.1,", "a:5432 (10.0.0.1),b:5432"),
        Case.of("host=,b hostaddr=10.0.0.1,", "10.0.0.1:5432,b:5432"),
        // sslrootcert=system makes verify-full the default sslmode (libpq conninfo_add_defaults)
        Case.of("sslrootcert=system", "localhost:5432", "sslmode", "verify-full"),
        Case.of("sslmode=require sslnegotiation=direct", "localhost:5432", "sslnegotiation", "direct"),
        Case.of("client_encoding=utf-8", "localhost:5432", "client_encoding", "utf-8"),
        Case.of("client_encoding=UTF8", "localhost:5432", "client_encoding", "UTF8"),
        Case.of("fallback_application_name=tool", "localhost:5432", "fallback_application_name", "tool"),
        Case.of("keepalives=0 sslsni=0 sslcrl=/c.crl sslcert=/a.crt sslkey=/a.key", "localhost:5432",
            "keepalives", "0", "sslsni", "0", "sslcrl", "/c.crl"));
  }

  @ParameterizedTest(name = "[{index}] <{0}>")
  @MethodSource("strings")
  void parsesConninfo(Case c) {
    ConnectionConfig config = cfg(c.input());
    assertEquals(c.hosts(), hosts(config), "hosts");
    Map<String, String> actual = config.toMap(true);
    c.expect().forEach((k, v) -> assertEquals(v, actual.get(k), k));
  }

  @Test
  void defaultHostIsTheSocketDirectoryWhenItExists() {
    ConnectionConfig c = ConnectionConfig.parse("port=6000", Map.of(), ConfigFixtures.LOCAL_WITH_SOCKET_DIR);
    assertEquals("/var/run/postgresql/.s.PGSQL.6000", hosts(c));
    assertEquals("/var/run/postgresql", c.get("host").orElseThrow());
    assertEquals("localhost:6000", hosts(cfg("port=6000")));
  }

  @Test
  void connectTimeoutFollowsLibpqAndSluiceDefault() {
    assertEquals(Optional.of(Duration.ofSeconds(30)), cfg("").connectTimeout());
    assertEquals(Optional.empty(), cfg("connect_timeout=0").connectTimeout());
    assertEquals(Optional.empty(), cfg("connect_timeout=-5").connectTimeout());
    assertEquals(Optional.of(Duration.ofSeconds(1)), cfg("connect_timeout=1").connectTimeout());
    assertEquals(Optional.of(Duration.ofSeconds(7)), cfg("connect_timeout=' 7 '").connectTimeout());
  }

  @Test
  void requireAuthGivesTheAllowedSet() {
    assertEquals(EnumSet.allOf(AuthMethod.class), cfg("").allowedAuthMethods());
    assertEquals(EnumSet.of(AuthMethod.SCRAM_SHA_256), cfg("require_auth=scram-sha-256").allowedAuthMethods());
    assertEquals(EnumSet.of(AuthMethod.SCRAM_SHA_256, AuthMethod.NONE),
        cfg("require_auth=scram-sha-256,none").allowedAuthMethods());
    assertEquals(EnumSet.of(AuthMethod.SCRAM_SHA_256, AuthMethod.GSS, AuthMethod.SSPI, AuthMethod.OAUTH),
        cfg("require_auth=!password,!md5,!none").allowedAuthMethods());
  }

  @Test
  void applicationNameFallsBack() {
    assertEquals(Optional.of("tool"), cfg("fallback_application_name=tool").applicationName());
    assertEquals(Optional.of("app"),
        cfg("fallback_application_name=tool application_name=app").applicationName());
    assertEquals(Optional.empty(), cfg("").applicationName());
  }

  @Test
  void switchesAndProtocolVersions() {
    ConnectionConfig d = cfg("");
    assertTrue(d.keepalives());
    assertTrue(d.sslSni());
    assertEquals(SslNegotiation.POSTGRES, d.sslNegotiation());
    assertEquals(3 << 16, d.minProtocolVersion());
    assertEquals(3 << 16 | 2, d.maxProtocolVersion(), "3.2 where the server offers it (DESIGN.md)");
    ConnectionConfig c = cfg("keepalives=0 sslsni=0 min_protocol_version=latest max_protocol_version=3.2");
    assertFalse(c.keepalives());
    assertFalse(c.sslSni());
    assertEquals(3 << 16 | 2, c.minProtocolVersion());
    assertEquals(3 << 16 | 2, c.maxProtocolVersion());
    assertEquals(3 << 16 | 2, cfg("max_protocol_version=latest").maxProtocolVersion());
  }

  @Test
  void sluiceSettings() {
    ConnectionConfig d = cfg("");
    assertEquals(256, d.statementCacheSize());
    assertEquals(256, d.pipelineDepth());
    assertEquals(1 << 30, d.maxMessageSize());
    assertEquals(Optional.empty(), d.queryTimeout());
    assertEquals(Optional.of(Duration.ofSeconds(10)), d.cancelTimeout());
    ConnectionConfig c = cfg("statement_cache_size=0 pipeline_depth=1 max_message_size=4096"
        + " query_timeout=1.5 cancel_timeout=.5");
    assertEquals(0, c.statementCacheSize());
    assertEquals(1, c.pipelineDepth());
    assertEquals(4096, c.maxMessageSize());
    assertEquals(Optional.of(Duration.ofMillis(1500)), c.queryTimeout());
    assertEquals(Optional.of(Duration.ofMillis(500)), c.cancelTimeout());
  }
}
