package io.sluice.internal.config;

import io.sluice.ConfigException;
import io.sluice.HostPort;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Builds the host list from {@code host}, {@code hostaddr} and {@code port}, following libpq's
 * {@code pqConnectOptions2} and PostgreSQL docs 32.1.1.3 ("Specifying Multiple Hosts"):
 *
 * <ul>
 *   <li>each of the three may be a comma-separated list; the number of hosts is the number of
 *       hostaddr items if hostaddr is given, else of host items, else one (the default host);
 *   <li>host and hostaddr, when both given, must have the same number of items;
 *   <li>port has one item (used for every host) or one per host; an empty port item means 5432;
 *   <li>an empty hostaddr item means "look the host name up"; a host item may be empty only when
 *       its hostaddr is given. (libpq also lets an empty host item mean the default host; Sluice
 *       rejects it, since {@code host=a,,b} is almost always a typo.)
 *   <li>a host starting with {@code /} is a Unix-socket directory; with neither host nor hostaddr
 *       the host is {@link LocalDefaults#DEFAULT_SOCKET_DIR} if it exists, else {@code localhost}.
 * </ul>
 */
final class Hosts {
  private Hosts() {}

  static List<HostPort> resolve(Setting host, Setting hostaddr, Setting port, LocalDefaults d) {
    List<String> names = host == null ? null : split(host);
    List<String> addrs = hostaddr == null ? null : split(hostaddr);
    int n = addrs != null ? addrs.size() : names != null ? names.size() : 1;
    if (names != null && addrs != null && names.size() != addrs.size()) {
      throw new ConfigException(
          "could not match " + names.size() + " host names to " + addrs.size()
              + " hostaddr values (" + host.where() + " and " + hostaddr.where() + ")");
    }
    List<String> ports = port == null ? List.of("") : split(port);
    if (ports.size() != 1 && ports.size() != n) {
      throw new ConfigException(
          "could not match " + ports.size() + " port numbers to " + n + " hosts (" + port.where()
              + " must have one port, or one per host)");
    }
    List<HostPort> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String name = names == null ? "" : names.get(i);
      String addr = addrs == null ? "" : addrs.get(i);
      String portItem = ports.get(ports.size() == 1 ? 0 : i);
      int p = portItem.isEmpty() ? Keys.PORT.fallback() : Values.port(port, portItem);
      out.add(entry(host, name, hostaddr, addr, p, d));
    }
    return List.copyOf(out);
  }

  private static HostPort entry(
      Setting host, String name, Setting hostaddr, String addr, int port, LocalDefaults d) {
    if (!addr.isEmpty()) {
      if (!IpLiterals.isIpv4(addr) && !IpLiterals.isIpv6(addr)) {
        throw new ConfigException(
            "invalid hostaddr " + Excerpt.quoted(addr) + " in " + hostaddr.where()
                + ": expected a numeric IPv4 or IPv6 address (use host for names)");
      }
      if (!name.isEmpty()) {
        checkName(host, name);
      }
      return new HostPort.Tcp(name.isEmpty() ? Optional.empty() : Optional.of(name), Optional.of(addr), port);
    }
    if (!name.isEmpty()) {
      checkName(host, name);
      if (name.startsWith("/")) {
        try {
          return new HostPort.UnixSocket(Path.of(name), port);
        } catch (InvalidPathException e) {
          throw new ConfigException(
              "invalid Unix-socket directory " + Excerpt.quoted(name) + " in " + host.where(), e);
        }
      }
      return HostPort.Tcp.of(name, port);
    }
    if (host != null) {
      throw new ConfigException(
          "empty host name in " + host.where() + " " + Excerpt.quoted(host.value())
              + " (each comma-separated item must name a host)");
    }
    if (hostaddr != null) {
      throw new ConfigException(
          "empty item in " + hostaddr.where() + " " + Excerpt.quoted(hostaddr.value())
              + " and no host name for it");
    }
    return d.socketDirExists()
        ? new HostPort.UnixSocket(LocalDefaults.DEFAULT_SOCKET_DIR, port)
        : HostPort.Tcp.of("localhost", port);
  }

  private static void checkName(Setting host, String name) {
    if (name.indexOf('[') >= 0 || name.indexOf(']') >= 0) {
      throw new ConfigException(
          "invalid host " + Excerpt.quoted(name) + " in " + host.where()
              + ": write IPv6 addresses without brackets (brackets belong only in URIs)");
    }
    if (name.startsWith("@")) {
      throw new ConfigException(
          "invalid host " + Excerpt.quoted(name) + " in " + host.where()
              + ": abstract-namespace Unix sockets (\"@name\") are not supported");
    }
    if (!name.startsWith("/") && name.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
      throw new ConfigException(
          "invalid host " + Excerpt.quoted(name) + " in " + host.where()
              + ": host names cannot contain spaces or control characters");
    }
  }

  private static List<String> split(Setting s) {
    return Arrays.asList(s.value().split(",", -1));
  }
}
