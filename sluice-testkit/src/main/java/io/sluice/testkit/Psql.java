package io.sluice.testkit;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs SQL through the psql command line: unaligned, rows only, stopping at the first error
 * (unless asked not to), reading the SQL from standard input (so each statement runs in its own
 * transaction and {@code CREATE DATABASE} works), never reading {@code ~/.psqlrc} or
 * {@code ~/.pgpass}.
 */
record Psql(Path executable) {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  /**
   * A psql to drive servers with: the server's own if its bin directory has one (Debian's do,
   * the embedded one does not), else the newest Debian one, else {@code /usr/bin/psql}.
   */
  static Psql find(Path binDirectory) {
    List<Path> candidates = new ArrayList<>();
    if (binDirectory != null) {
      candidates.add(binDirectory.resolve("psql"));
    }
    Path debian = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(debian)) {
      try (var versions = Files.list(debian)) {
        versions.filter(p -> p.getFileName().toString().matches("\\d+"))
            .sorted(Comparator.comparingInt((Path p) -> Integer.parseInt(p.getFileName().toString())).reversed())
            .forEach(p -> candidates.add(p.resolve("bin/psql")));
      } catch (IOException ignored) {
        // fall through to /usr/bin/psql
      }
    }
    candidates.add(Path.of("/usr/bin/psql"));
    for (Path p : candidates) {
      if (Files.isExecutable(p)) {
        return new Psql(p);
      }
    }
    throw new TestkitException("psql not found (looked at " + candidates
        + "): install the Debian package postgresql-client");
  }

  /** Runs {@code sql} against {@code target} (psql connection options); {@code env} adds e.g. PGPASSWORD. */
  CommandResult run(List<String> target, Map<String, String> env, String sql) {
    return run(target, env, sql, true);
  }

  /**
   * {@link #run(List, Map, String)}, where {@code stopOnError} false lets the script go on after a
   * failing statement (psql then exits 0 and the error is only in stderr).
   */
  CommandResult run(List<String> target, Map<String, String> env, String sql, boolean stopOnError) {
    List<String> command = new ArrayList<>(List.of(executable.toString(), "-X", "-q", "-A", "-t"));
    if (stopOnError) {
      command.addAll(List.of("-v", "ON_ERROR_STOP=1"));
    }
    command.addAll(target);
    command.addAll(List.of("-f", "-"));
    Map<String, String> fullEnv = new HashMap<>(env);
    fullEnv.put("PGCONNECT_TIMEOUT", "10");
    fullEnv.put("PGCLIENTENCODING", "UTF8");
    fullEnv.put("PGPASSFILE", "/nonexistent/sluice-testkit/pgpass"); // a missing file: libpq ignores it silently
    return Commands.run(command, null, fullEnv, new ByteArrayInputStream(sql.getBytes(StandardCharsets.UTF_8)), TIMEOUT);
  }
}
