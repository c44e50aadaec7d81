package io.sluice;

import static io.sluice.ConfigFixtures.cfg;
import static io.sluice.ConfigFixtures.fails;
import static io.sluice.ConfigFixtures.hosts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigFixtures.Case;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** jdbc:postgresql: URLs, with pgjdbc's parameter names mapped to libpq's. */
class JdbcUrlTest {

  static Stream<Case> urls() {
    return Stream.of(
        Case.of("jdbc:postgresql://h:5433/db?user=u&password=p", "h:5433",
            "dbname", "db", "user", "u", "password", "p"),
        Case.of("jdbc:postgresql://h/db", "h:5432", "dbname", "db"),
        Case.of("jdbc:postgresql://h", "h:5432", "dbname", "alice"),
        Case.of("jdbc:postgresql:db", "localhost:5432", "dbname", "db"),
        Case.of("jdbc:postgresql:/", "localhost:5432", "dbname", "alice"),
        Case.of("jdbc:postgresql:///db", "localhost:5432", "dbname", "db"),
        Case.of("jdbc:postgresql://h1:1,h2:2/db", "h1:1,h2:2"),
        Case.of("jdbc:postgresql://h1,h2:2/db", "h1:5432,h2:2"),
        Case.of("jdbc:postgresql://[::1]:5433/db", "[::1]:5433"),
        // pgjdbc: ssl=true without sslmode is verify-full; sslmode wins whatever the order
        Case.of("jdbc:postgresql://h/db?ssl=true", "h:5432", "sslmode", "verify-full"),
        Case.of("jdbc:postgresql://h/db?ssl", "h:5432", "sslmode", "verify-full"),
        Case.of("jdbc:postgresql://h/db?ssl=true&sslmode=require", "h:5432", "sslmode", "require"),
        Case.of("jdbc:postgresql://h/db?sslmode=disable&ssl=true", "h:5432", "sslmode", "disable"),
        Case.of("jdbc:postgresql://h/db?ssl=false", "h:5432", "sslmode", "prefer"),
        // renamed parameters; values are form-decoded as pgjdbc does
        Case.of("jdbc:postgresql://h/db?ApplicationName=my+app%21", "h:5432", "application_name", "my app!"),
        Case.of("jdbc:postgresql://h/db?connectTimeout=0", "h:5432", "connect_timeout", "0"),
        Case.of("jdbc:postgresql://h/db?connectTimeout=12", "h:5432", "connect_timeout", "12"),
        Case.of("jdbc:postgresql://h/db?targetServerType=preferSecondary", "h:5432",
            "target_session_attrs", "prefer-standby"),
        Case.of("jdbc:postgresql://h/db?targetServerType=master", "h:5432", "target_session_attrs", "primary"),
        Case.of("jdbc:postgresql://h/db?loadBalanceHosts=true", "h:5432", "load_balance_hosts", "random"),
        Case.of("jdbc:postgresql://h/db?channelBinding=require&sslmode=verify-full&sslrootcert=/ca.pem",
            "h:5432", "channel_binding", "require", "sslrootcert", "/ca.pem"),
        Case.of("jdbc:postgresql://h/my%20db?options=-c%20x%3Dy", "h:5432", "dbname", "my db",
            "options", "-c x=y"));
  }

  @ParameterizedTest(name = "[{index}] <{0}>")
  @MethodSource("urls")
  void parsesJdbcUrl(Case c) {
    ConnectionConfig config = cfg(c.input());
    assertEquals(c.hosts(), hosts(config), "hosts");
    Map<String, String> actual = config.toMap(true);
    c.expect().forEach((k, v) -> assertEquals(v, actual.get(k), k));
  }

  @Test
  void hostIsLocalhostNotTheEnvironmentsHost() {
    // pgjdbc semantics: a jdbc: URL without a host means localhost
    assertEquals("localhost:5432", hosts(cfg("jdbc:postgresql:db", Map.of("PGHOST", "elsewhere"))));
  }

  @Test
  void unknownPgjdbcParametersAreRejected() {
    ConfigException e = fails("jdbc:postgresql://h/db?prepareThreshold=5");
    assertTrue(e.getMessage().contains("unsupported jdbc:postgresql: parameter \"prepareThreshold\""),
        e.getMessage());
    ConfigException libpqName = fails("jdbc:postgresql://h/db?application_name=x");
    assertTrue(libpqName.getMessage().contains("\"application_name\""), libpqName.getMessage());
  }

  @Test
  void badValues() {
    assertTrue(fails("jdbc:postgresql://h/db?ssl=maybe").getMessage().contains("\"ssl\""));
    assertTrue(fails("jdbc:postgresql://h/db?loadBalanceHosts=2").getMessage().contains("\"loadBalanceHosts\""));
    assertTrue(fails("jdbc:postgresql://h/db?targetServerType=preferPrimary").getMessage()
        .contains("\"preferPrimary\""));
    assertTrue(fails("jdbc:postgresql://h:x/db").getMessage().contains("invalid port \"x\""));
    assertTrue(fails("jdbc:postgresql://h/db?sslmode=strict").getMessage().contains("\"strict\""));
    assertTrue(fails("jdbc:postgresql://h/db?user=%zz").getMessage().contains("percent-encoding"));
  }

  @Test
  void userInfoIsRejectedWithoutEchoingIt() {
    ConfigException e = fails("jdbc:postgresql://bob:Hunter2Secret@h/db");
    assertTrue(e.getMessage().contains("as parameters"), e.getMessage());
    assertFalse(e.getMessage().contains("Hunter2Secret"), e.getMessage());
  }
}
