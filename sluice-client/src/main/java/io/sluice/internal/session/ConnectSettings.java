package io.sluice.internal.session;

import io.sluice.ConfigException;
import io.sluice.ConnectionConfig;
import io.sluice.internal.gss.GssConfig;
import io.sluice.HostPort;
import io.sluice.LoadBalanceHosts;
import io.sluice.internal.oauth.OAuthConfig;
import io.sluice.SslMode;
import io.sluice.SslNegotiation;
import io.sluice.internal.session.ConnectParams.ChannelBindingPolicy;
import io.sluice.internal.session.ConnectParams.GssEncMode;
import io.sluice.internal.session.ConnectParams.TlsMode;
import io.sluice.internal.net.TlsSettings;
import io.sluice.protocol.MessageTracer;
import io.sluice.protocol.auth.ScramSha256;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns the public configuration into what the connector acts on, with libpq's TLS defaults. */
public final class ConnectSettings {
  private ConnectSettings() {}

  public static ConnectParams from(ConnectionConfig c, MessageTracer.Sink trace) {
    Map<String, String> startup = new LinkedHashMap<>();
    c.applicationName().ifPresent(v -> startup.put("application_name", v));
    c.options().ifPresent(v -> startup.put("options", v));
    startup.put("client_encoding", "UTF8");
    startup.put("DateStyle", "ISO");
    // shortest text that reads back as the same float (PostgreSQL 12+); exact digits before that
    startup.put("extra_float_digits", "3");
    List<HostPort> hosts = new ArrayList<>(c.hosts());
    if (c.loadBalanceHosts() == LoadBalanceHosts.RANDOM) {
      Collections.shuffle(hosts);
    }
    long timeout = c.connectTimeout().map(Duration::toNanos).orElse(0L);
    return new ConnectParams(
        List.copyOf(hosts),
        c.user(),
        c.database(),
        h -> c.passwordFor(h).orElse(null),
        startup,
        tlsMode(c),
        tls(c),
        switch (c.get("gssencmode").orElse("prefer")) {
          case "disable" -> GssEncMode.DISABLE;
          case "require" -> GssEncMode.REQUIRE;
          default -> GssEncMode.PREFER;   // libpq's default; the value was checked when the configuration was built
        },
        switch (c.channelBinding()) {
          case DISABLE -> ChannelBindingPolicy.DISABLE;
          case PREFER -> ChannelBindingPolicy.PREFER;
          case REQUIRE -> ChannelBindingPolicy.REQUIRE;
        },
        c.allowedAuthMethods(),
        timeout,
        c.maxProtocolVersion(),
        c.maxMessageSize(),
        ScramSha256.DEFAULT_MAX_ITERATIONS,
        trace,
        c.targetSessionAttrs(),
        GssConfig.from(c),
        OAuthConfig.from(c));
  }

  private static TlsMode tlsMode(ConnectionConfig c) {
    if (c.sslNegotiation() == SslNegotiation.DIRECT) {
      return TlsMode.DIRECT_REQUIRE;
    }
    return switch (c.sslMode()) {
      case DISABLE -> TlsMode.DISABLE;
      case ALLOW -> TlsMode.ALLOW;
      case PREFER -> TlsMode.PREFER;
      case REQUIRE, VERIFY_CA, VERIFY_FULL -> TlsMode.REQUIRE;
    };
  }

  /**
   * libpq's rules: {@code sslrootcert} defaults to {@code ~/.postgresql/root.crt}; when that file
   * exists, every mode checks the chain (for {@code require} "for backwards compatibility");
   * verify-ca and verify-full without a root file are an error, never a silent downgrade. The
   * client certificate and key default to {@code ~/.postgresql/postgresql.crt} and {@code .key}.
   */
  private static TlsSettings tls(ConnectionConfig c) {
    if (c.sslMode() == SslMode.DISABLE) {
      return null;
    }
    Path pgDir = Path.of(System.getProperty("user.home"), ".postgresql");
    Optional<String> rootSetting = c.sslRootCert();
    boolean system = rootSetting.map("system"::equals).orElse(false);
    Path root = system ? null : rootSetting.map(Path::of).orElse(pgDir.resolve("root.crt"));
    boolean rootExists = root != null && Files.isReadable(root);
    boolean verifyChain = system || c.sslMode().verifiesCertificate() || rootExists;
    if (verifyChain && !system && !rootExists) {
      throw new ConfigException("sslmode=" + c.sslMode().keyword() + " needs a root certificate to check the server "
          + "against, but " + root + " does not exist or cannot be read: set sslrootcert to a CA file, "
          + "or sslrootcert=system for the JDK's trusted roots");
    }
    boolean verifyHostname = system || c.sslMode() == SslMode.VERIFY_FULL;
    Path cert = c.sslCert().map(Path::of).orElse(pgDir.resolve("postgresql.crt"));
    Path key = c.sslKey().map(Path::of).orElse(pgDir.resolve("postgresql.key"));
    return new TlsSettings(verifyChain, verifyHostname, root, system,
        Files.isReadable(cert) ? cert : null, key,
        c.sslPassword().map(String::toCharArray).orElse(null),
        c.sslNegotiation() == SslNegotiation.DIRECT);
  }
}
