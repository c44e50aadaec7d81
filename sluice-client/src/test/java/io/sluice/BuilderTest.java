package io.sluice;

import static io.sluice.ConfigFixtures.cfg;
import static io.sluice.ConfigFixtures.hosts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The builder, the with-copies, and round trips through toMap. */
class BuilderTest {

  static ConnectionConfigBuilder builder() {
    return ConnectionConfig.builder().environment(Map.of()).localDefaults(ConfigFixtures.LOCAL);
  }

  @Test
  void typedSetters() {
    ConnectionConfig c = builder().host("h").port(5433).user("u").password("p").database("d")
        .applicationName("app").options("-c x=y").sslMode(SslMode.VERIFY_FULL)
        .sslNegotiation(SslNegotiation.DIRECT).sslRootCert("system")
        .channelBinding(ChannelBindingMode.REQUIRE).requireAuth("scram-sha-256")
        .targetSessionAttrs(TargetSessionAttrs.PRIMARY).loadBalanceHosts(LoadBalanceHosts.RANDOM)
        .connectTimeout(Duration.ofMillis(1500)).queryTimeout(Duration.ofMillis(2500))
        .cancelTimeout(Duration.ZERO).statementCacheSize(10).pipelineDepth(1).maxMessageSize(2048)
        .passfile(Path.of("/pw")).hostaddr("10.0.0.1")
        .build();
    assertEquals("h:5433 (10.0.0.1)", hosts(c));
    assertEquals("u", c.user());
    assertEquals(Optional.of("p"), c.password());
    assertEquals("d", c.database());
    assertEquals(Optional.of("app"), c.applicationName());
    assertEquals(Optional.of("-c x=y"), c.options());
    assertEquals(SslMode.VERIFY_FULL, c.sslMode());
    assertEquals(SslNegotiation.DIRECT, c.sslNegotiation());
    assertEquals(TargetSessionAttrs.PRIMARY, c.targetSessionAttrs());
    assertEquals(LoadBalanceHosts.RANDOM, c.loadBalanceHosts());
    assertEquals(Optional.of(Duration.ofSeconds(2)), c.connectTimeout(), "rounded up to seconds");
    assertEquals(Optional.of(Duration.ofMillis(2500)), c.queryTimeout());
    assertEquals(Optional.empty(), c.cancelTimeout());
    assertEquals(10, c.statementCacheSize());
    assertEquals(1, c.pipelineDepth());
    assertEquals(2048, c.maxMessageSize());
    assertEquals(Optional.of(Path.of("/pw")), c.passfile());
  }

  @Test
  void sameAsParsing() {
    ConnectionConfig built = builder().host("h").port(5433).user("u").database("d").build();
    assertEquals(cfg("host=h port=5433 user=u dbname=d"), built);
    assertEquals(cfg("postgresql://u@h:5433/d"), built);
    assertEquals(built.hashCode(), cfg("postgresql://u@h:5433/d").hashCode());
  }

  @Test
  void connectionStringThenOverrides() {
    ConnectionConfig c = builder().connectionString("postgresql://u@h/d?sslmode=require")
        .password("p").sslMode(SslMode.VERIFY_CA).build();
    assertEquals(Optional.of("p"), c.password());
    assertEquals(SslMode.VERIFY_CA, c.sslMode());
    assertEquals("u", c.user());
  }

  @Test
  void unknownKeysFailAtOnceAndBadValuesAtBuild() {
    ConfigException unknown = assertThrows(ConfigException.class, () -> builder().set("prot", "1"));
    assertTrue(unknown.getMessage().contains("did you mean \"port\""), unknown.getMessage());
    ConnectionConfigBuilder b = builder().port(0);
    ConfigException port = assertThrows(ConfigException.class, b::build);
    assertTrue(port.getMessage().contains("invalid port \"0\""), port.getMessage());
    assertThrows(ConfigException.class, () -> builder().queryTimeout(Duration.ofSeconds(-1)));
  }

  @Test
  void withMakesValidatedCopies() {
    ConnectionConfig base = cfg("host=h sslmode=prefer");
    ConnectionConfig strict = base.with("sslmode", "require");
    assertEquals(SslMode.REQUIRE, strict.sslMode());
    assertEquals(SslMode.PREFER, base.sslMode(), "the original is unchanged");
    ConfigException e = assertThrows(ConfigException.class, () -> base.with("sslmode", "strict"));
    assertTrue(e.getMessage().contains("\"strict\""), e.getMessage());
    assertThrows(ConfigException.class, () -> base.with("sslmod", "require"));
    assertThrows(ConfigException.class, () -> base.withPort(70000));
    assertEquals("h:6000", hosts(base.withPort(6000)));
    assertEquals("other:5432", hosts(base.withHost("other")));
    assertEquals("bob", base.withUser("bob").user());
    assertEquals("db", base.withDatabase("db").database());
    assertEquals(SslMode.DISABLE, base.withSslMode(SslMode.DISABLE).sslMode());
    assertEquals(SslMode.VERIFY_FULL,
        base.with(Map.of("sslmode", "verify-full", "sslrootcert", "/ca.pem")).sslMode());
  }

  @Test
  void removingAValueLetsTheEnvironmentApplyAgain() {
    ConnectionConfig c = ConnectionConfig.parse("host=h", Map.of("PGHOST", "envhost"), ConfigFixtures.LOCAL);
    assertEquals("h:5432", hosts(c));
    assertEquals("envhost:5432", hosts(c.with("host", null)));
    assertEquals("envhost:5432", hosts(c.with("host", "")));
  }

  @Test
  void toMapRoundTrips() {
    ConnectionConfig c = cfg("postgresql://u:pw@h1:1,h2:2/d?sslmode=require&application_name=x"
        + "&require_auth=!md5&query_timeout=1.5");
    ConnectionConfig again = ConnectionConfig.of(c.toMap(true), Map.of());
    assertEquals(c, again);
    assertEquals(c.toMap(true), again.toMap(true));
    assertNotEquals(c, ConnectionConfig.of(c.toMap(false), Map.of()), "masked password differs");
  }

  @Test
  void getReturnsEffectiveValues() {
    ConnectionConfig c = cfg("host=h");
    assertEquals(Optional.of("h"), c.get("host"));
    assertEquals(Optional.of("5432"), c.get("port"));
    assertEquals(Optional.of("prefer"), c.get("sslmode"));
    assertEquals(Optional.empty(), c.get("sslcert"));
    assertThrows(ConfigException.class, () -> c.get("nope"));
  }

  @Test
  void toStringShowsGivenValuesQuoted() {
    String s = cfg("host=h application_name='my app' password=x").toString();
    assertTrue(s.contains("host=h"), s);
    assertTrue(s.contains("application_name='my app'"), s);
    assertTrue(s.contains("user=alice"), s);
    assertTrue(s.contains("password=***"), s);
  }
}
