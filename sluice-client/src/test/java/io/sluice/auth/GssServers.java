package io.sluice.auth;

import io.sluice.testkit.GssSetup;
import io.sluice.testkit.Kdc;
import io.sluice.testkit.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A test server that can do GSSAPI, for the GSS encryption tests: the selected major when it was
 * built with GSSAPI, else Debian's PostgreSQL 15 (the embedded 18 has no GSSAPI), configured by
 * {@link GssSetup} with the given pg_hba lines first.
 */
final class GssServers {
  private GssServers() {}

  /** The server, or empty with the reasons in {@code reasons}. */
  static Optional<PostgresServer> start(Kdc kdc, boolean tls, List<String> hbaLines, List<String> reasons) {
    List<String> versions = new ArrayList<>(List.of(PostgresServer.Options.defaults().version()));
    if (!versions.contains("15") && Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/postgres"))) {
      versions.add("15");
    }
    for (String v : versions) {
      PostgresServer server = PostgresServer.start(PostgresServer.Options.defaults().withVersion(v).withTls(tls));
      Optional<String> refused = GssSetup.configure(server, kdc, hbaLines);
      if (refused.isEmpty()) {
        return Optional.of(server);
      }
      reasons.add(refused.get());
      server.close();
    }
    return Optional.empty();
  }

  /** The pg_hba lines of {@code type} for each role, in order. */
  static List<String> lines(String type, String... roles) {
    return GssSetup.gssLines(type, roles);
  }
}
