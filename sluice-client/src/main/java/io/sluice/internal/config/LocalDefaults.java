package io.sluice.internal.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * Facts about the local machine that libpq's defaults depend on, gathered once so that tests can
 * substitute them.
 *
 * @param osUser the operating-system user name: the default {@code user} (libpq {@code
 *     pg_fe_getauthname})
 * @param userHome the home directory used when {@code HOME} is not set (libpq {@code
 *     pqGetHomeDirectory} reads {@code HOME} first, then the password database); null if unknown
 * @param socketDirExists whether {@link #DEFAULT_SOCKET_DIR} exists: if so it is the default host,
 *     else {@code localhost}
 * @param windows whether the password file is {@code %APPDATA%\postgresql\pgpass.conf} and needs
 *     no permission check
 */
public record LocalDefaults(String osUser, Path userHome, boolean socketDirExists, boolean windows) {

  /**
   * libpq's compiled-in {@code DEFAULT_PGSOCKET_DIR} as Debian and Ubuntu build it (upstream's is
   * {@code /tmp}). It is the default host when it exists, and {@code .pgpass} matches it as
   * {@code localhost}.
   */
  public static final Path DEFAULT_SOCKET_DIR = Path.of("/var/run/postgresql");

  public LocalDefaults {
    Objects.requireNonNull(osUser, "osUser");
  }

  /** The defaults of the machine this JVM runs on. */
  public static LocalDefaults system() {
    String home = System.getProperty("user.home");
    boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    return new LocalDefaults(
        System.getProperty("user.name", ""),
        home == null || home.isEmpty() ? null : Path.of(home),
        !windows && Files.isDirectory(DEFAULT_SOCKET_DIR),
        windows);
  }
}
