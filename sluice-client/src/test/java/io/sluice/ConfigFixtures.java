package io.sluice;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sluice.internal.config.LocalDefaults;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Shared helpers: a fixed machine (user alice, no socket directory) and an empty environment. */
final class ConfigFixtures {
  private ConfigFixtures() {}

  static final LocalDefaults LOCAL = new LocalDefaults("alice", Path.of("/home/alice"), false, false);
  static final LocalDefaults LOCAL_WITH_SOCKET_DIR =
      new LocalDefaults("alice", Path.of("/home/alice"), true, false);

  static ConnectionConfig cfg(String s) {
    return ConnectionConfig.parse(s, Map.of(), LOCAL);
  }

  static ConnectionConfig cfg(String s, Map<String, String> env) {
    return ConnectionConfig.parse(s, env, LOCAL);
  }

  static ConfigException fails(String s) {
    return assertThrows(ConfigException.class, () -> cfg(s), s);
  }

  static ConfigException fails(String s, Map<String, String> env) {
    return assertThrows(ConfigException.class, () -> cfg(s, env), s);
  }

  /** The host list as "name:port" items joined by commas (see HostPort.toString). */
  static String hosts(ConnectionConfig c) {
    return c.hosts().stream().map(HostPort::toString).collect(Collectors.joining(","));
  }

  /** A map from alternating keys and values, keeping order. */
  static Map<String, String> map(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  /** One table row: the input, the expected host list, and expected effective values. */
  record Case(String input, String hosts, Map<String, String> expect) {
    static Case of(String input, String hosts, String... kv) {
      return new Case(input, hosts, map(kv));
    }

    @Override
    public String toString() {
      return input;
    }
  }
}
