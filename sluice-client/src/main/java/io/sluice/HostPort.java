package io.sluice;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of a connection's host list ({@link ConnectionConfig#hosts()}): where to connect, in
 * the order the hosts are tried. libpq rules (PostgreSQL docs 32.1.2, {@code host}, {@code
 * hostaddr}): a host that starts with {@code /} is the directory of a Unix-domain socket; a
 * non-empty {@code hostaddr} always means TCP to that numeric address, and the host name (if any)
 * is then used only for TLS verification and {@code .pgpass} look-up.
 */
public sealed interface HostPort permits HostPort.Tcp, HostPort.UnixSocket {

  /** The port: the TCP port, or the number in the socket file name {@code .s.PGSQL.<port>}. */
  int port();

  /**
   * A TCP destination. At least one of {@code name} and {@code hostaddr} is present.
   *
   * @param name the host name as given (a DNS name, an IP literal, or in the rare {@code
   *     host=/dir hostaddr=...} case the directory string), used for DNS look-up when there is no
   *     hostaddr, for {@code verify-full} and for {@code .pgpass}
   * @param hostaddr the numeric IP address to connect to, skipping DNS
   * @param port 1 to 65535
   */
  record Tcp(Optional<String> name, Optional<String> hostaddr, int port) implements HostPort {
    public Tcp {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(hostaddr, "hostaddr");
      if (name.isEmpty() && hostaddr.isEmpty()) {
        throw new ConfigException("a TCP host needs a name or a hostaddr");
      }
      if (port < 1 || port > 65535) {
        throw new ConfigException("port out of range: " + port);
      }
    }

    /** A host name (or IP literal) and port, without hostaddr. */
    public static Tcp of(String name, int port) {
      return new Tcp(Optional.of(name), Optional.empty(), port);
    }

    /** What to open a socket to: the hostaddr if given, else the name (resolved by DNS). */
    public String connectAddress() {
      return hostaddr.orElseGet(name::orElseThrow);
    }

    @Override
    public String toString() {
      String shown = name.orElse(hostaddr.orElse(""));
      String where = shown.indexOf(':') >= 0 ? "[" + shown + "]" : shown;
      return hostaddr.isPresent() && name.isPresent()
          ? where + ":" + port + " (" + hostaddr.get() + ")"
          : where + ":" + port;
    }
  }

  /**
   * A Unix-domain socket: the file {@code .s.PGSQL.<port>} in {@code directory}.
   *
   * @param directory an absolute directory, as given by {@code host}
   * @param port 1 to 65535
   */
  record UnixSocket(Path directory, int port) implements HostPort {
    public UnixSocket {
      Objects.requireNonNull(directory, "directory");
      if (port < 1 || port > 65535) {
        throw new ConfigException("port out of range: " + port);
      }
    }

    /** The socket file, e.g. {@code /var/run/postgresql/.s.PGSQL.5432}. */
    public Path socketFile() {
      return directory.resolve(".s.PGSQL." + port);
    }

    @Override
    public String toString() {
      return socketFile().toString();
    }
  }
}
