package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a local test server into a Kerberos service of a {@link Kdc}'s realm: service principal
 * {@value #SERVICE_PRINCIPAL} with its keys in a keytab in the data directory ({@code
 * krb_server_keyfile}), and {@code pg_hba.conf} lines put before all others (the first matching
 * line decides), e.g. {@code host all alice 127.0.0.1/32 gss include_realm=0}. The server is
 * restarted, so the new rules are in force when {@link #configure} returns.
 *
 * <p>Not every server binary can do GSSAPI: Debian's PostgreSQL is built {@code --with-gssapi},
 * the embedded PostgreSQL 18 of {@code io.zonky.test.postgres} is not. {@link #configure} finds
 * out from {@code pg_hba_file_rules} (a {@code gss} line is an error on a server without GSSAPI)
 * and then returns the reason instead of configuring, so tests can skip with it.
 */
public final class GssSetup {
  /** The service principal, without realm: libpq's and Sluice's default for host {@code localhost}. */
  public static final String SERVICE_PRINCIPAL = "postgres/localhost";

  private GssSetup() {}

  /**
   * {@code host} lines (IPv4 and IPv6 loopback) that sign {@code roles} in with GSSAPI, the realm
   * stripped ({@code include_realm=0}), for {@code type} {@code host}, {@code hostgssenc} or
   * {@code hostnogssenc}.
   */
  public static List<String> gssLines(String type, String... roles) {
    List<String> lines = new ArrayList<>();
    for (String address : List.of("127.0.0.1/32", "::1/128")) {
      lines.add(type + " all " + String.join(",", roles) + " " + address + " gss include_realm=0");
    }
    return lines;
  }

  /**
   * Configures {@code server} for GSSAPI sign-in against {@code kdc}, with {@code hbaLines} first in
   * {@code pg_hba.conf}, and restarts it. Returns the reason when this server cannot do GSSAPI (it
   * is then left as it was), else empty.
   */
  public static Optional<String> configure(PostgresServer server, Kdc kdc, List<String> hbaLines) {
    String probe = server.psql("SELECT count(*) FROM pg_settings WHERE name = 'krb_server_keyfile'").strip();
    if (!probe.equals("1")) {
      return Optional.of("PostgreSQL " + server.version() + " has no krb_server_keyfile setting");
    }
    Path data = server.dataDirectory();
    Path hba = data.resolve("pg_hba.conf");
    String original;
    try {
      original = Files.readString(hba);
      // rewritten in place: the file stays owned by the server user
      Files.writeString(hba, "# GSSAPI lines from io.sluice.testkit.GssSetup\n" + String.join("\n", hbaLines)
          + "\n" + original);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + hba, e);
    }
    String errors = server.psql("SELECT coalesce(string_agg(DISTINCT error, '; '), '') FROM pg_hba_file_rules"
        + " WHERE error IS NOT NULL").strip();
    if (!errors.isEmpty()) {
      try {
        Files.writeString(hba, original);
      } catch (IOException e) {
        throw new UncheckedIOException("could not restore " + hba, e);
      }
      return Optional.of("PostgreSQL " + server.version() + " at " + server.binDirectory()
          + " cannot use the GSSAPI pg_hba.conf lines (built without GSSAPI?): " + errors);
    }
    kdc.addRandomKey(SERVICE_PRINCIPAL);
    Path keytab = kdc.keytab(SERVICE_PRINCIPAL, data.resolve("krb5.keytab"));
    Commands.giveToServerUser(keytab);
    server.psql("ALTER SYSTEM SET krb_server_keyfile = '" + keytab + "'");
    server.restart();
    return Optional.empty();
  }
}
