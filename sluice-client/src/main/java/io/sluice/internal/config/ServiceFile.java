package io.sluice.internal.config;

import io.sluice.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * libpq's connection service file ({@code pg_service.conf}, PostgreSQL docs 32.17): named sections
 * of {@code keyword=value} lines that a {@code service} parameter (or {@code PGSERVICE}) brings in
 * as defaults, below what is given explicitly and above the environment, as libpq's {@code
 * parseServiceInfo} does. The per-user file is {@code servicefile}, else {@code PGSERVICEFILE},
 * else {@code ~/.pg_service.conf}; a service not defined there is looked for in {@code
 * PGSYSCONFDIR/pg_service.conf}. Lines are trimmed; {@code #} starts a comment line; a keyword
 * outside the accepted ones, a line with no {@code =}, or a nested {@code service} is an error
 * naming the file and line, as in libpq.
 */
public final class ServiceFile {
  private ServiceFile() {}

  /** Where a service's parameters came from, for messages: the service and its file. */
  public record Found(Map<String, String> parameters, String origin) {}

  /** The parameters of {@code service}, from the first file that defines it. */
  public static Found lookUp(String service, Optional<String> userFile, Map<String, String> env, LocalDefaults d) {
    List<Path> files = new ArrayList<>();
    try {
      if (userFile.isPresent()) {
        files.add(Path.of(userFile.get()));
      } else {
        String home = env.get("HOME");
        Path dir = home != null && !home.isEmpty() ? Path.of(home) : d.userHome();
        if (dir != null) {
          files.add(dir.resolve(".pg_service.conf"));
        }
      }
      String sysconf = env.get("PGSYSCONFDIR");
      if (sysconf != null && !sysconf.isEmpty()) {
        files.add(Path.of(sysconf, "pg_service.conf"));
      }
    } catch (InvalidPathException e) {
      throw new ConfigException("invalid path for the connection service file: " + Excerpt.quoted(e.getInput()), e);
    }
    for (Path file : files) {
      Map<String, String> found = read(file, service);
      if (found != null) {
        return new Found(found, "service \"" + service + "\" in " + file);
      }
    }
    throw new ConfigException("definition of service " + Excerpt.quoted(service) + " not found"
        + (files.isEmpty() ? " (no service file: set PGSERVICEFILE or PGSYSCONFDIR)" : " in " + files));
  }

  /** The section {@code service} of {@code file}; null if the file or the section is not there. */
  static Map<String, String> read(Path file, String service) {
    List<String> lines;
    try {
      if (!Files.isRegularFile(file)) {
        return null;
      }
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ConfigException("cannot read the connection service file " + file + ": " + e.getMessage(), e);
    }
    Map<String, String> out = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("[")) {
        if (out != null) {
          return out;   // the next section: ours is complete
        }
        if (line.equals("[" + service + "]")) {
          out = new LinkedHashMap<>();
        }
        continue;
      }
      if (out == null) {
        continue;
      }
      int eq = line.indexOf('=');
      String where = "line " + (i + 1) + " of service file " + file;
      if (eq <= 0) {
        throw new ConfigException("syntax error in " + where + ": no keyword=value");
      }
      String key = line.substring(0, eq).strip();
      if (key.equals("service") || key.equals("servicefile")) {
        throw new ConfigException("nested service specifications not supported, at " + where);
      }
      if (Keys.find(key).isEmpty()) {
        throw new ConfigException("unknown connection parameter " + Excerpt.quoted(key) + " at " + where);
      }
      out.putIfAbsent(key, line.substring(eq + 1).strip());
    }
    return out;
  }
}
