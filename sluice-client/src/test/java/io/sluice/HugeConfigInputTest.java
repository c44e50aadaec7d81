package io.sluice;

import static io.sluice.ConfigFixtures.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 37 §3: a connection string carrying a 1 MB name or value is refused with a message that
 * names the problem and quotes at most a bounded prefix of the input, saying how long it was. (How
 * fast is measured outside the test suite; these check what the refusal says and that it is small.)
 */
class HugeConfigInputTest {
  static final int MB = 1 << 20;
  static final String X = "x".repeat(MB);
  static final String DIGITS = "9".repeat(MB);
  /** A message: room for its sentence and a 64-character excerpt, never the input. */
  static final int BOUND = 600;

  static Arguments bad(String what, String input, String... fragments) {
    return Arguments.of(what, input, List.of(fragments));
  }

  static Stream<Arguments> hugeInputs() {
    String prefix = "\"" + "x".repeat(64) + "\"…(" + MB + " chars)";
    return Stream.of(
        bad("conninfo unknown key", X + "=1", "unknown connection parameter " + prefix),
        bad("URI unknown query key", "postgresql://h/db?" + X + "=1", "unknown connection parameter " + prefix),
        bad("jdbc: unknown parameter", "jdbc:postgresql://h/db?" + X + "=1", "unsupported jdbc:postgresql: parameter "
            + prefix),
        bad("enumerated value", "sslmode=" + X, "invalid value " + prefix, "\"sslmode\""),
        bad("port", "port=" + DIGITS, "invalid port \"" + "9".repeat(64) + "\"…(" + MB + " chars)", "1 to 65535"),
        bad("integer", "connect_timeout=" + DIGITS, "\"connect_timeout\"", "…(" + MB + " chars)"),
        bad("seconds (BigDecimal would be quadratic)", "query_timeout=" + DIGITS, "\"query_timeout\"",
            "at most 64 characters"),
        bad("duration (BigDecimal would be quadratic)", "read_routing=standby max_standby_lag=" + DIGITS,
            "\"max_standby_lag\"", "expected a duration"),
        bad("service name", "krbsrvname=" + X + "@", "\"krbsrvname\"", "…(" + (MB + 1) + " chars)"),
        bad("require_auth", "require_auth=" + X, "invalid require_auth method " + prefix),
        bad("hostaddr", "hostaddr=" + X, "invalid hostaddr " + prefix),
        bad("host", "host='" + X + " '", "invalid host \"xxx", "…(" + (MB + 1) + " chars)"),
        bad("empty host item", "host=" + X + ",", "empty host name", "…(" + (MB + 1) + " chars)"),
        bad("client_encoding", "client_encoding=" + X, "unsupported value " + prefix),
        bad("unterminated quote after a huge name", X + "='open", "unterminated quoted string for " + prefix),
        bad("no = after a huge word", X, "missing \"=\" after the word at position 1"),
        bad("URI IPv6", "postgresql://[" + X + "]/db", "invalid IPv6 address " + prefix),
        bad("URI bracket in host", "postgresql://" + X + "[/db", "unexpected \"[\" or \"]\"", "…(" + (MB + 1)
            + " chars)"),
        bad("URI extra =", "postgresql://h/db?" + X + "==", "extra \"=\" in URI query parameter " + prefix),
        bad("jdbc: bad percent-encoding", "jdbc:postgresql://h/db?options=%zz" + X, "invalid percent-encoding",
            "…(" + (MB + 3) + " chars)"),
        bad("jdbc: targetServerType", "jdbc:postgresql://h/db?targetServerType=" + X, "invalid value " + prefix),
        bad("jdbc: loadBalanceHosts", "jdbc:postgresql://h/db?loadBalanceHosts=" + X, "invalid value " + prefix),
        bad("jdbc: ssl", "jdbc:postgresql://h/db?ssl=" + X, "invalid value " + prefix));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hugeInputs")
  void refusedWithABoundedMessage(String what, String input, List<String> fragments) {
    String m = fails(input).getMessage();
    assertTrue(m.length() < BOUND, what + ": " + m.length() + " chars: " + m.substring(0, Math.min(300, m.length())));
    for (String f : fragments) {
      assertTrue(m.contains(f), what + ": expected \"" + f + "\" in: " + m);
    }
  }

  @Test
  void aSecretIsNeverQuoted() {
    String m = fails("password=" + X + " sslmode=" + X).getMessage();
    assertEquals(1, m.split("\"x", -1).length - 1, "only sslmode's value: " + m);
  }

  @Test
  void aHugeKeyInAMapIsRefusedTheSameWay() {
    ConfigException e = assertThrows(ConfigException.class, () -> ConnectionConfig.of(Map.of(X, "1"), Map.of()));
    assertTrue(e.getMessage().length() < BOUND, "message length " + e.getMessage().length());
    assertTrue(e.getMessage().contains("…(" + MB + " chars)"), e.getMessage());
  }
}
