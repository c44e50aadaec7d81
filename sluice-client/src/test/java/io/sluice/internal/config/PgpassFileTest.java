package io.sluice.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.HostPort;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PgpassFileTest {
  @TempDir Path dir;

  @Test
  void fieldMatchingFollowsPwdfMatchesString() {
    assertEquals(2, PgpassFile.field("*:rest", 0, "anything"));
    assertEquals(5, PgpassFile.field("host:rest", 0, "host"));
    assertEquals(-1, PgpassFile.field("host:rest", 0, "hos"));
    assertEquals(-1, PgpassFile.field("host:rest", 0, "hostx"));
    assertEquals(7, PgpassFile.field("a\\:b\\\\:rest", 0, "a:b\\"));
    assertEquals(-1, PgpassFile.field("host", 0, "host"), "a field must end with ':'");
    assertEquals(-1, PgpassFile.field("ho\\", 0, "ho"), "a trailing backslash never matches");
    assertEquals(-1, PgpassFile.field("*x:rest", 0, "abc"), "'*' is a wildcard only alone");
    assertEquals(3, PgpassFile.field("*x:rest", 0, "*x"), "otherwise it is literal");
    assertEquals(8, PgpassFile.field("a:b:c:d:", 6, "d"), "fields start where the previous ended");
  }

  @Test
  void passwordUnescaping() {
    assertEquals("p:w\\d", PgpassFile.unescapePassword("p\\:w\\\\d", 0));
    assertEquals("cut", PgpassFile.unescapePassword("cut:more", 0));
    assertEquals("end\\", PgpassFile.unescapePassword("end\\", 0), "a lone trailing backslash stays");
    assertEquals("", PgpassFile.unescapePassword("", 0));
  }

  @Test
  void lookupHostRules() {
    assertEquals("localhost", PgpassFile.lookupHost(
        new HostPort.UnixSocket(Path.of("/var/run/postgresql"), 5432)));
    assertEquals("localhost", PgpassFile.lookupHost(
        new HostPort.UnixSocket(Path.of("/var/run/postgresql/"), 5432)));
    assertEquals("/tmp", PgpassFile.lookupHost(new HostPort.UnixSocket(Path.of("/tmp"), 5432)));
    assertEquals("10.0.0.1", PgpassFile.lookupHost(
        new HostPort.Tcp(Optional.empty(), Optional.of("10.0.0.1"), 5432)));
    assertEquals("n", PgpassFile.lookupHost(new HostPort.Tcp(Optional.of("n"), Optional.of("10.0.0.1"), 5432)));
  }

  @Test
  void insecureFileIsIgnoredWithAWarning() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    Path f = dir.resolve("pgpass");
    Files.writeString(f, "*:*:*:*:pw\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
    List<String> warnings = new ArrayList<>();
    assertEquals(Optional.empty(), PgpassFile.lookup(f, true, "h", 5432, "d", "u", warnings::add));
    assertEquals(1, warnings.size());
    assertTrue(warnings.get(0).contains("group or world access"), warnings.get(0));
    assertTrue(warnings.get(0).contains(f.toString()), warnings.get(0));
    assertTrue(!warnings.get(0).contains("pw\n"), "the warning does not show the contents");
    // where libpq skips the check (Windows), the same file is used
    warnings.clear();
    assertEquals(Optional.of("pw"), PgpassFile.lookup(f, false, "h", 5432, "d", "u", warnings::add));
    assertTrue(warnings.isEmpty());
  }

  @Test
  void directoryIsIgnoredWithAWarning() throws IOException {
    Path d = Files.createDirectory(dir.resolve("adir"));
    List<String> warnings = new ArrayList<>();
    assertEquals(Optional.empty(), PgpassFile.lookup(d, true, "h", 5432, "d", "u", warnings::add));
    assertTrue(warnings.get(0).contains("not a plain file"), warnings.get(0));
  }
}
