package io.sluice;

import static io.sluice.ConfigFixtures.cfg;
import static io.sluice.ConfigFixtures.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Passwords never appear in toString, toMap(false) or any exception message. */
class SecretsTest {
  static final String PW = "Zq9xSECRETpw";

  static Stream<ConnectionConfig> configsWithSecrets() {
    return Stream.of(
        cfg("postgresql://u:" + PW + "@h/db"),
        cfg("postgresql://u@h/db?password=" + PW),
        cfg("host=h password=" + PW + " sslpassword=" + PW),
        cfg("password='" + PW + " with spaces'"),
        cfg("", Map.of("PGPASSWORD", PW)),
        cfg("jdbc:postgresql://h/db?password=" + PW + "&sslpassword=" + PW),
        ConnectionConfig.builder().environment(Map.of()).localDefaults(ConfigFixtures.LOCAL)
            .host("h").password(PW).set("sslpassword", PW).build(),
        cfg("host=h").withPassword(PW),
        cfg("host=h").with("sslpassword", PW));
  }

  @ParameterizedTest
  @MethodSource("configsWithSecrets")
  void toStringAndToMapHideSecrets(ConnectionConfig c) {
    assertFalse(c.toString().contains(PW), c::toString);
    assertFalse(c.toString().contains("Zq9x"), c::toString);
    assertTrue(c.toString().contains("password=***"), c::toString);
    assertFalse(c.toMap(false).toString().contains(PW));
    assertTrue(c.toMap(true).toString().contains(PW), "toMap(true) includes the secret");
    assertFalse(c.hosts().toString().contains(PW));
  }

  static Stream<String> badInputsContainingThePassword() {
    return Stream.of(
        "postgresql://u:" + PW + "@h:badport/db",
        "postgresql://u:" + PW + "%zz@h/db",
        "postgresql://u:" + PW + "%00@h/db",
        "postgresql://u:" + PW + "%C3@h/db",
        "postgresql://u:" + PW + " x@h/db",
        "postgresql://h/db?password=" + PW + "%zz",
        "postgresql://h/db?password=" + PW + "=x",
        "postgresql://h/db?" + PW,
        "jdbc:postgresql://h/db?password=" + PW + "%zz",
        "jdbc:postgresql://u:" + PW + "@h/db",
        "password='" + PW,
        "password=" + PW + " sslmode=bogus",
        "password=" + PW + " nosuchkey=1",
        PW,
        "host=h " + PW,
        "sslpassword=" + PW + " port=0");
  }

  @ParameterizedTest
  @MethodSource("badInputsContainingThePassword")
  void exceptionMessagesNeverShowThePassword(String input) {
    ConfigException e = fails(input);
    assertFalse(e.getMessage().contains(PW), e.getMessage());
    assertFalse(e.getMessage().contains("Zq9x"), e.getMessage());
  }

  @Test
  void nulInAPasswordIsRejectedWithoutShowingIt() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> ConnectionConfig.of(Map.of("password", PW + "\u0000x"), Map.of()));
    assertTrue(e.getMessage().contains("\"password\""), e.getMessage());
    assertFalse(e.getMessage().contains(PW), e.getMessage());
  }

  @Test
  void equalityIncludesSecrets() {
    assertEquals(cfg("host=h password=a"), cfg("postgresql://:a@h"));
    assertNotEquals(cfg("host=h password=a"), cfg("host=h password=b"));
    assertEquals(Optional.of(PW), cfg("password=" + PW).password());
  }
}
