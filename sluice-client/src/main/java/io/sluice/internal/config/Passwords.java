package io.sluice.internal.config;

import io.sluice.ConnectionException;
import io.sluice.HostPort;
import io.sluice.PasswordSupplier;
import io.sluice.SluiceException;
import java.nio.file.Path;
import java.util.Optional;

/** Where the password for one host comes from, asked at each physical connect. */
public final class Passwords {
  private Passwords() {}

  /**
   * The supplier's password (called now; empty counts as none), else the given one ({@code
   * password}, {@code PGPASSWORD}), else the password file's, read now, at each call, as libpq does.
   *
   * @param supplier the configuration's {@link PasswordSupplier}, or null
   */
  public static Optional<String> forHost(Settings s, boolean windows, PasswordSupplier supplier, HostPort host) {
    String user = s.get(Keys.USER);
    if (supplier != null) {
      try {
        return Optional.ofNullable(supplier.password(host, user)).filter(p -> !p.isEmpty());
      } catch (Exception e) {
        // the cause is the supplier's own; its message is never built from the password it failed to get
        throw new ConnectionException("the password supplier failed for " + user + " at " + host + ": " + e,
            SluiceException.Outcome.NOT_SENT, e);
      }
    }
    Optional<String> given = s.optional(Keys.PASSWORD);
    Path file = s.get(Keys.PASSFILE);
    if (given.isPresent() || file == null) {
      return given;
    }
    return PgpassFile.lookup(file, !windows, PgpassFile.lookupHost(host), host.port(), s.get(Keys.DBNAME), user);
  }
}
