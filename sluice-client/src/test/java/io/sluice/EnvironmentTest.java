package io.sluice;

import io.sluice.protocol.auth.AuthMethod;
import static io.sluice.ConfigFixtures.cfg;
import static io.sluice.ConfigFixtures.hosts;
import static io.sluice.ConfigFixtures.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Precedence: explicit value > environment variable > default (libpq conninfo_add_defaults). */
class EnvironmentTest {

  static final Map<String, String> ENV = map(
      "PGHOST", "envhost",
      "PGPORT", "6000",
      "PGDATABASE", "envdb",
      "PGUSER", "envuser",
      "PGPASSWORD", "envpw",
      "PGPASSFILE", "/env/pgpass",
      "PGAPPNAME", "envapp",
      "PGSSLMODE", "require",
      "PGSSLNEGOTIATION", "direct",
      "PGSSLROOTCERT", "/env/root.crt",
      "PGSSLCERT", "/env/client.crt",
      "PGSSLKEY", "/env/client.key",
      "PGCHANNELBINDING", "require",
      "PGREQUIREAUTH", "scram-sha-256",
      "PGCONNECT_TIMEOUT", "7",
      "PGTARGETSESSIONATTRS", "read-write",
      "PGLOADBALANCEHOSTS", "random",
      "PGOPTIONS", "-c geqo=off",
      "PGCLIENTENCODING", "UTF8");

  @Test
  void everyVariableApplies() {
    ConnectionConfig c = cfg("", ENV);
    assertEquals("envhost:6000", hosts(c));
    assertEquals("envdb", c.database());
    assertEquals("envuser", c.user());
    assertEquals(Optional.of("envpw"), c.password());
    assertEquals(Optional.of(Path.of("/env/pgpass")), c.passfile());
    assertEquals(Optional.of("envapp"), c.applicationName());
    assertEquals(SslMode.REQUIRE, c.sslMode());
    assertEquals(SslNegotiation.DIRECT, c.sslNegotiation());
    assertEquals(Optional.of("/env/root.crt"), c.sslRootCert());
    assertEquals(Optional.of("/env/client.crt"), c.sslCert());
    assertEquals(Optional.of("/env/client.key"), c.sslKey());
    assertEquals(ChannelBindingMode.REQUIRE, c.channelBinding());
    assertEquals(EnumSet.of(AuthMethod.SCRAM_SHA_256), c.allowedAuthMethods());
    assertEquals(Optional.of(Duration.ofSeconds(7)), c.connectTimeout());
    assertEquals(TargetSessionAttrs.READ_WRITE, c.targetSessionAttrs());
    assertEquals(LoadBalanceHosts.RANDOM, c.loadBalanceHosts());
    assertEquals(Optional.of("-c geqo=off"), c.options());
  }

  @Test
  void hostaddrFromEnvironment() {
    assertEquals("10.9.8.7:5432", hosts(cfg("", Map.of("PGHOSTADDR", "10.9.8.7"))));
    assertEquals("name:5432 (10.9.8.7)", hosts(cfg("host=name", Map.of("PGHOSTADDR", "10.9.8.7"))));
  }

  @Test
  void explicitValuesWin() {
    ConnectionConfig c = cfg("host=explicit port=7000 dbname=d user=u password=p sslmode=disable"
        + " sslnegotiation=postgres application_name=a connect_timeout=0", ENV);
    assertEquals("explicit:7000", hosts(c));
    assertEquals("d", c.database());
    assertEquals("u", c.user());
    assertEquals(Optional.of("p"), c.password());
    assertEquals(SslMode.DISABLE, c.sslMode());
    assertEquals(Optional.of("a"), c.applicationName());
    assertEquals(Optional.empty(), c.connectTimeout());
    // the ones not given still come from the environment
    assertEquals(TargetSessionAttrs.READ_WRITE, c.targetSessionAttrs());
  }

  @Test
  void environmentValuesAreCheckedTogetherWithExplicitOnes() {
    // PGSSLNEGOTIATION=direct beneath an explicit sslmode=disable is the combination libpq rejects
    ConfigException e = ConfigFixtures.fails("sslmode=disable", ENV);
    assertTrue(e.getMessage().contains("weak sslmode \"disable\""), e.getMessage());
  }

  @Test
  void uriPartsWinOverTheEnvironment() {
    ConnectionConfig c = cfg("postgresql://u@h:1/d", ENV);
    assertEquals("h:1", hosts(c));
    assertEquals("u", c.user());
    assertEquals("d", c.database());
  }

  @Test
  void emptyValuesFallThrough() {
    // an empty variable is ignored; an explicitly empty value counts as not given
    assertEquals("localhost:5432", hosts(cfg("", Map.of("PGHOST", ""))));
    assertEquals("envhost:5432", hosts(cfg("host=''", Map.of("PGHOST", "envhost"))));
    assertEquals("envdb", cfg("postgresql://h/", Map.of("PGDATABASE", "envdb")).database());
  }

  @Test
  void defaultsApplyLast() {
    ConnectionConfig c = cfg("", Map.of());
    assertEquals("alice", c.user());
    assertEquals("alice", c.database());
    assertEquals(SslMode.PREFER, c.sslMode());
    assertEquals(Optional.empty(), c.password());
    assertEquals(Optional.of(Path.of("/home/alice/.pgpass")), c.passfile());
    // dbname defaults to the effective user, wherever that came from
    assertEquals("envuser", cfg("", Map.of("PGUSER", "envuser")).database());
    assertEquals("bob", cfg("user=bob", Map.of()).database());
  }

  @Test
  void passfileFollowsHome() {
    assertEquals(Optional.of(Path.of("/h/.pgpass")), cfg("", Map.of("HOME", "/h")).passfile());
    assertEquals(Optional.of(Path.of("/x")), cfg("passfile=/x", Map.of("HOME", "/h", "PGPASSFILE", "/y")).passfile());
  }

  @Test
  void applicationNameEnvironmentBeatsFallback() {
    assertEquals(Optional.of("envapp"),
        cfg("fallback_application_name=tool", Map.of("PGAPPNAME", "envapp")).applicationName());
  }

  @Test
  void sameInputDifferentEnvironmentIsADifferentConfig() {
    assertNotEquals(cfg("", Map.of("PGPORT", "1")), cfg("", Map.of("PGPORT", "2")));
    assertEquals(cfg("port=1", Map.of()), cfg("", Map.of("PGPORT", "1")));
  }

  @Test
  void processEnvironmentOverloadStillLetsExplicitValuesWin() {
    ConnectionConfig c = ConnectionConfig.parse("host=h port=1 user=u dbname=d");
    assertEquals("h:1", hosts(c));
    assertEquals("u", c.user());
  }
}
