package io.sluice.jdbc.internal;

import io.sluice.ConnectionConfig;
import io.sluice.HostPort;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

/**
 * The URL {@code DatabaseMetaData.getURL()} reports for a connection: the hosts and database in
 * pgjdbc's form ({@code jdbc:postgresql://host:port[,…]/database}), which is how the tools tell a
 * PostgreSQL URL (jOOQ's dialect detection, Flyway's and Liquibase's logs). No user, password or
 * other parameter is in it; a Unix socket shows as {@code localhost} and its port.
 */
final class MetaDataUrl {
  private MetaDataUrl() {}

  static String of(ConnectionConfig config) {
    String hosts = config.hosts().stream().map(MetaDataUrl::host).collect(Collectors.joining(","));
    return DriverSettings.PGJDBC_PREFIX + "//" + hosts + "/"
        + URLEncoder.encode(config.database(), StandardCharsets.UTF_8);
  }

  private static String host(HostPort host) {
    return switch (host) {
      case HostPort.Tcp tcp -> {
        String name = tcp.name().orElseGet(() -> tcp.hostaddr().orElseThrow());
        yield (name.indexOf(':') >= 0 ? "[" + name + "]" : name) + ":" + tcp.port();
      }
      // a socket directory has no place in the host list; the port still tells which server
      case HostPort.UnixSocket socket -> "localhost:" + socket.port();
    };
  }
}
