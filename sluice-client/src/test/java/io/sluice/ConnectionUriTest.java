package io.sluice;

import static io.sluice.ConfigFixtures.cfg;
import static io.sluice.ConfigFixtures.hosts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigFixtures.Case;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** postgresql:// URIs, PostgreSQL docs 32.1.1.2, including the docs' own examples. */
class ConnectionUriTest {

  static Stream<Case> uris() {
    return Stream.of(
        // the examples of docs 32.1.1.2
        Case.of("postgresql://", "localhost:5432", "user", "alice", "dbname", "alice"),
        Case.of("postgresql://localhost", "localhost:5432"),
        Case.of("postgresql://localhost:5433", "localhost:5433"),
        Case.of("postgresql://localhost/mydb", "localhost:5432", "dbname", "mydb"),
        Case.of("postgresql://user@localhost", "localhost:5432", "user", "user", "dbname", "user"),
        Case.of("postgresql://user:secret@localhost", "localhost:5432", "user", "user", "password", "secret"),
        Case.of("postgresql://other@localhost/otherdb?connect_timeout=10&application_name=myapp",
            "localhost:5432", "user", "other", "dbname", "otherdb", "connect_timeout", "10",
            "application_name", "myapp"),
        Case.of("postgresql://host1:123,host2:456/somedb?target_session_attrs=any&application_name=myapp",
            "host1:123,host2:456", "dbname", "somedb", "target_session_attrs", "any"),
        Case.of("postgresql:///mydb?host=localhost&port=5433", "localhost:5433", "dbname", "mydb"),
        Case.of("postgresql://user@host:5432/dbname", "host:5432", "user", "user"),
        Case.of("postgresql://[2001:db8::1234]/database", "[2001:db8::1234]:5432", "dbname", "database"),
        Case.of("postgresql://%2Fvar%2Flib%2Fpostgresql/dbname",
            "/var/lib/postgresql/.s.PGSQL.5432", "dbname", "dbname"),
        Case.of("postgresql:///dbname?host=/var/lib/postgresql", "/var/lib/postgresql/.s.PGSQL.5432"),
        // the short scheme, IPv4, IPv6 with port and zone
        Case.of("postgres://h", "h:5432"),
        Case.of("postgresql://192.168.0.1:6432", "192.168.0.1:6432"),
        Case.of("postgresql://[::1]:5433/db", "[::1]:5433", "dbname", "db"),
        Case.of("postgresql://[fe80::1%25eth0]:5432", "[fe80::1%eth0]:5432"),
        Case.of("postgresql://[::1],[::2]:6000", "[::1]:5432,[::2]:6000"),
        // per-host ports, missing ones default; an empty host part means the default host
        Case.of("postgresql://h1,h2:5433", "h1:5432,h2:5433"),
        Case.of("postgresql://h1:5433,h2", "h1:5433,h2:5432"),
        Case.of("postgresql://:5433", "localhost:5433"),
        Case.of("postgresql://h:/db", "h:5432", "dbname", "db"),
        // percent-decoding everywhere; the last @ ends the user info
        Case.of("postgresql://user%40corp:p%40ss%3Aw%2Frd@h/d%20b", "h:5432",
            "user", "user@corp", "password", "p@ss:w/rd", "dbname", "d b"),
        Case.of("postgresql://u:p@ss@h", "h:5432", "user", "u", "password", "p@ss"),
        Case.of("postgresql://u:p:w@h", "h:5432", "password", "p:w"),
        Case.of("postgresql://h?user=a%40b&options=-c%20geqo%3Doff", "h:5432",
            "user", "a@b", "options", "-c geqo=off"),
        Case.of("postgresql://%E2%82%AC@h", "h:5432", "user", "\u20ac"),
        Case.of("postgresql://h/db/with/slashes", "h:5432", "dbname", "db/with/slashes"),
        // empty parts are "not given"
        Case.of("postgresql://@h/?", "h:5432", "user", "alice", "dbname", "alice"),
        Case.of("postgresql://h/db?&&sslmode=require&", "h:5432", "sslmode", "require"),
        Case.of("postgresql://h?sslmode=", "h:5432", "sslmode", "prefer"),
        // query parameters override the host part and earlier parameters
        Case.of("postgresql://h?host=other", "other:5432"),
        Case.of("postgresql://h/db1?dbname=db2", "h:5432", "dbname", "db2"),
        Case.of("postgresql://h:1?port=2", "h:2"),
        // libpq's JDBC compatibility rule
        Case.of("postgresql://h?ssl=true", "h:5432", "sslmode", "require"),
        Case.of("postgresql://h?hostaddr=10.0.0.1", "h:5432 (10.0.0.1)"),
        Case.of("postgresql://h?sslmode=verify-full&sslrootcert=system&sslnegotiation=direct",
            "h:5432", "sslmode", "verify-full", "sslrootcert", "system", "sslnegotiation", "direct"),
        Case.of("postgresql://h?statement_cache_size=0&pipeline_depth=1&query_timeout=2.5",
            "h:5432", "statement_cache_size", "0", "pipeline_depth", "1", "query_timeout", "2.5"),
        // raw spaces around a part are dropped, as libpq does; encoded ones are kept
        Case.of("postgresql://h/db?application_name= x ", "h:5432", "application_name", "x"),
        Case.of("postgresql://h/db?application_name=%20x%20", "h:5432", "application_name", " x "));
  }

  @ParameterizedTest(name = "[{index}] <{0}>")
  @MethodSource("uris")
  void parsesUri(Case c) {
    ConnectionConfig config = cfg(c.input());
    assertEquals(c.hosts(), hosts(config), "hosts");
    Map<String, String> actual = config.toMap(true);
    c.expect().forEach((k, v) -> assertEquals(v, actual.get(k), k));
  }

  @Test
  void unixSocketHostIsASocketFile() {
    HostPort h = cfg("postgresql://%2Ftmp:6543/db").hosts().get(0);
    HostPort.UnixSocket s = assertInstanceOf(HostPort.UnixSocket.class, h);
    assertEquals(Path.of("/tmp"), s.directory());
    assertEquals(Path.of("/tmp/.s.PGSQL.6543"), s.socketFile());
  }

  @Test
  void ipv6HostIsTcpWithoutBrackets() {
    HostPort.Tcp t = assertInstanceOf(HostPort.Tcp.class, cfg("postgresql://[::1]:5433").hosts().get(0));
    assertEquals(Optional.of("::1"), t.name());
    assertEquals("::1", t.connectAddress());
    assertEquals(5433, t.port());
  }

  @Test
  void typedValuesFromUri() {
    ConnectionConfig c = cfg("postgresql://h?sslmode=verify-ca&channel_binding=require"
        + "&target_session_attrs=prefer-standby&load_balance_hosts=random&connect_timeout=5"
        + "&query_timeout=0.25&cancel_timeout=0&max_protocol_version=3.0");
    assertEquals(SslMode.VERIFY_CA, c.sslMode());
    assertEquals(ChannelBindingMode.REQUIRE, c.channelBinding());
    assertEquals(TargetSessionAttrs.PREFER_STANDBY, c.targetSessionAttrs());
    assertEquals(LoadBalanceHosts.RANDOM, c.loadBalanceHosts());
    assertEquals(Optional.of(Duration.ofSeconds(5)), c.connectTimeout());
    assertEquals(Optional.of(Duration.ofMillis(250)), c.queryTimeout());
    assertEquals(Optional.empty(), c.cancelTimeout());
    assertEquals(3 << 16, c.maxProtocolVersion());
    assertTrue(c.sslMode().verifiesCertificate());
  }
}
