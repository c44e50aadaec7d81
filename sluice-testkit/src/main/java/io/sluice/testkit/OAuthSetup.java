package io.sluice.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a local PostgreSQL 18 test server into one that signs roles in with OAuth bearer tokens
 * ({@code pg_hba.conf} method {@code oauth}), with a test-only validator module: {@code
 * sluice_test_validator.c} (a resource of this package), compiled here with {@code gcc -shared
 * -fPIC} into the data directory, found through {@code dynamic_library_path} and named by {@code
 * oauth_validator_libraries}. It accepts exactly the tokens {@link #token(String) token(identity)},
 * {@code sluice-test-token.IDENTITY}, and reports IDENTITY as the authenticated identity, which
 * the {@value #MAP} map of {@code pg_ident.conf} ties to the role of the same name. The server is
 * restarted, so the new rules are in force when {@link #configure} returns.
 *
 * <p>No server headers are needed: the module declares the few structures of PostgreSQL 18's
 * {@code fmgr.h} and {@code libpq/oauth.h} it uses. {@link #configure} returns the reason instead
 * of configuring when the server is older than 18, gcc is missing, or the server cannot load the
 * module, so tests can skip with it.
 */
public final class OAuthSetup {
  /** The issuer the server's {@code pg_hba.conf} line names; nothing is ever fetched from it. */
  public static final String ISSUER = "https://auth.sluice.test/realm";

  /** The scopes the server's {@code pg_hba.conf} line asks for. */
  public static final String SCOPE = "openid sluice";

  /** The pg_ident.conf map from the validator's identity to the role of the same name. */
  public static final String MAP = "sluice_oauth";

  private static final String SOURCE = "sluice_test_validator.c";
  private static final String LIBRARY = "sluice_test_validator";

  private OAuthSetup() {}

  /** A token the test validator accepts, signing in as {@code identity}. */
  public static String token(String identity) {
    return "sluice-test-token." + identity;
  }

  /**
   * {@code host} lines (IPv4 and IPv6 loopback) that sign {@code roles} in with OAuth from {@link
   * #ISSUER} with scope {@link #SCOPE}, the validator's identity mapped through {@link #MAP}.
   */
  public static List<String> oauthLines(String... roles) {
    List<String> lines = new ArrayList<>();
    for (String address : List.of("127.0.0.1/32", "::1/128")) {
      lines.add("host all " + String.join(",", roles) + " " + address + " oauth issuer=" + ISSUER
          + " scope=\"" + SCOPE + "\" map=" + MAP);
    }
    return lines;
  }

  /**
   * Compiles and installs the validator, puts {@code hbaLines} first in {@code pg_hba.conf} and
   * the identity map in {@code pg_ident.conf}, and restarts {@code server}. Returns the reason
   * when this cannot be done here (the server is then left as it was, or with an unused library),
   * else empty.
   */
  public static Optional<String> configure(PostgresServer server, List<String> hbaLines) {
    if (server.majorVersion() < 18) {
      return Optional.of("PostgreSQL " + server.version() + " has no OAuth (it came in 18)");
    }
    Optional<Path> gcc = onPath("gcc");
    if (gcc.isEmpty()) {
      return Optional.of("gcc is not installed: the test validator module cannot be compiled");
    }
    Path data = server.dataDirectory();
    Path dir = data.resolve("sluice_oauth");
    Path hba = data.resolve("pg_hba.conf");
    Path ident = data.resolve("pg_ident.conf");
    String originalHba;
    String originalIdent;
    try {
      Files.createDirectories(dir);
      Path source = dir.resolve(SOURCE);
      try (InputStream in = OAuthSetup.class.getResourceAsStream(SOURCE)) {
        if (in == null) {
          throw new TestkitException("resource " + SOURCE + " is missing from the testkit");
        }
        Files.write(source, in.readAllBytes());
      }
      CommandResult cc = Commands.run(List.of(gcc.get().toString(), "-shared", "-fPIC", "-O2",
          "-DSLUICE_PG_MAJOR=" + server.majorVersion(), "-o", dir.resolve(LIBRARY + ".so").toString(),
          source.toString()), dir, Duration.ofSeconds(60));
      if (!cc.ok()) {
        return Optional.of("gcc could not compile the test validator: " + cc.stderr().strip());
      }
      Commands.giveToServerUser(dir);
      originalHba = Files.readString(hba);
      originalIdent = Files.exists(ident) ? Files.readString(ident) : "";
      // rewritten in place: the files stay owned by the server user
      Files.writeString(hba, "# OAuth lines from io.sluice.testkit.OAuthSetup\n" + String.join("\n", hbaLines)
          + "\n" + originalHba);
      Files.writeString(ident, originalIdent + "\n# from io.sluice.testkit.OAuthSetup: identity = role\n"
          + MAP + " /^(.*)$ \\1\n");
    } catch (IOException e) {
      throw new UncheckedIOException("could not set up OAuth in " + data, e);
    }
    server.psql("ALTER SYSTEM SET dynamic_library_path = '$libdir:" + dir + "'");
    server.psql("ALTER SYSTEM SET oauth_validator_libraries = '" + LIBRARY + "'");
    server.restart();
    // LOAD checks the module's magic block against the server's ABI, as the sign-in will
    CommandResult load = server.psqlScript("LOAD '" + LIBRARY + "'");
    if (!load.ok() || load.stderr().contains("ERROR")) {
      return Optional.of("PostgreSQL " + server.version() + " cannot load the test validator: "
          + (load.stderr() + load.stdout()).strip());
    }
    String errors = server.psql("SELECT coalesce(string_agg(DISTINCT error, '; '), '') FROM pg_hba_file_rules"
        + " WHERE error IS NOT NULL").strip();
    if (!errors.isEmpty()) {
      try {
        Files.writeString(hba, originalHba);
        Files.writeString(ident, originalIdent);
      } catch (IOException e) {
        throw new UncheckedIOException("could not restore " + hba, e);
      }
      server.restart();
      return Optional.of("PostgreSQL " + server.version() + " refuses the OAuth pg_hba.conf lines: " + errors);
    }
    return Optional.empty();
  }

  private static Optional<Path> onPath(String program) {
    String path = System.getenv("PATH");
    for (String d : (path == null ? "/usr/bin:/bin" : path).split(":")) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
        return Optional.of(Path.of(d, program));
      }
    }
    return Optional.empty();
  }
}
