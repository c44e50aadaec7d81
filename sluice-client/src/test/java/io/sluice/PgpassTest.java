package io.sluice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The password file, PostgreSQL docs 32.16, looked up per host by passwordFor. */
class PgpassTest {
  @TempDir Path dir;
  Path file;

  @BeforeEach
  void posixOnly() {
    // every test writes a 0600 file; the permission rules only exist on POSIX file systems
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    file = dir.resolve("pgpass");
  }

  void write(String perms, String... lines) throws IOException {
    Files.writeString(file, String.join("\n", lines) + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(perms));
  }

  ConnectionConfig config(String conninfo) {
    return ConnectionConfig.parse(conninfo, Map.of("PGPASSFILE", file.toString()), ConfigFixtures.LOCAL);
  }

  Optional<String> lookup(String conninfo) {
    ConnectionConfig c = config(conninfo);
    return c.passwordFor(c.hosts().get(0));
  }

  @Test
  void matchesAllFourFields() throws IOException {
    write("rw-------",
        "# comment line:*:*:*:nope",
        "db.example.com:5432:prod:alice:pw1",
        "db.example.com:5433:prod:alice:pw-port",
        "db.example.com:5432:prod:bob:pw-bob");
    assertEquals(Optional.of("pw1"), lookup("host=db.example.com dbname=prod"));
    assertEquals(Optional.of("pw-port"), lookup("host=db.example.com port=5433 dbname=prod"));
    assertEquals(Optional.of("pw-bob"), lookup("host=db.example.com dbname=prod user=bob"));
    assertEquals(Optional.empty(), lookup("host=db.example.com dbname=test"));
    assertEquals(Optional.empty(), lookup("host=other dbname=prod"));
  }

  @Test
  void firstMatchWinsAndWildcardsMatchAnything() throws IOException {
    write("rw-------",
        "db1:*:*:alice:specific",
        "*:*:*:*:catch-all",
        "db1:5432:alice:alice:too-late");
    assertEquals(Optional.of("specific"), lookup("host=db1"));
    assertEquals(Optional.of("catch-all"), lookup("host=db2 port=9 dbname=x user=y"));
  }

  @Test
  void starIsAWildcardOnlyAsAWholeField() throws IOException {
    write("rw-------", "db*:*:*:*:prefix", "\\*:*:*:*:literal-star");
    assertEquals(Optional.empty(), lookup("host=db1"));
    assertEquals(Optional.of("literal-star"), lookup("host=*"));
  }

  @Test
  void escapesInFieldsAndPassword() throws IOException {
    write("rw-------",
        "\\:\\:1:5432:*:*:v6pw",
        "h:5432:d\\\\b:*:pa\\:ss\\\\word:ignored-after-colon");
    assertEquals(Optional.of("v6pw"), lookup("host=::1"));
    assertEquals(Optional.of("pa:ss\\word"), lookup("host=h dbname=d\\\\b"));
  }

  @Test
  void defaultSocketDirectoryMatchesLocalhost() throws IOException {
    write("rw-------", "localhost:5432:*:*:local", "/tmp:5432:*:*:tmp-socket");
    assertEquals(Optional.of("local"), lookup("host=/var/run/postgresql"));
    assertEquals(Optional.of("local"), lookup("host=localhost"));
    assertEquals(Optional.of("tmp-socket"), lookup("host=/tmp"));
    ConnectionConfig byDefault = ConnectionConfig.parse(
        "", Map.of("PGPASSFILE", file.toString()), ConfigFixtures.LOCAL_WITH_SOCKET_DIR);
    assertEquals(Optional.of("local"), byDefault.passwordFor(byDefault.hosts().get(0)));
  }

  @Test
  void hostaddrIsLookedUpWhenThereIsNoName() throws IOException {
    write("rw-------", "10.0.0.5:5432:*:*:by-addr", "named:5432:*:*:by-name");
    assertEquals(Optional.of("by-addr"), lookup("hostaddr=10.0.0.5"));
    assertEquals(Optional.of("by-name"), lookup("host=named hostaddr=10.0.0.5"));
  }

  @Test
  void eachHostOfAListHasItsOwnPassword() throws IOException {
    write("rw-------", "a:1:*:*:pw-a", "b:2:*:*:pw-b");
    ConnectionConfig c = config("host=a,b port=1,2");
    assertEquals(Optional.of("pw-a"), c.passwordFor(c.hosts().get(0)));
    assertEquals(Optional.of("pw-b"), c.passwordFor(c.hosts().get(1)));
  }

  @Test
  void explicitPasswordWins() throws IOException {
    write("rw-------", "*:*:*:*:from-file");
    assertEquals(Optional.of("given"), lookup("password=given"));
    ConnectionConfig env = ConnectionConfig.parse("",
        Map.of("PGPASSFILE", file.toString(), "PGPASSWORD", "from-env"), ConfigFixtures.LOCAL);
    assertEquals(Optional.of("from-env"), env.passwordFor(env.hosts().get(0)));
    assertEquals(Optional.of("from-file"), lookup(""));
  }

  @Test
  void insecurePermissionsAreIgnored() throws IOException {
    // the warning itself is asserted in PgpassFileTest
    for (String perms : List.of("rw-r-----", "rw----r--", "rw-rw-rw-", "rw-----w-", "rw---x---")) {
      write(perms, "*:*:*:*:exposed");
      assertEquals(Optional.empty(), lookup(""), perms);
    }
    write("r--------", "*:*:*:*:read-only-is-fine");
    assertEquals(Optional.of("read-only-is-fine"), lookup(""));
  }

  @Test
  void passfileParameterAndHomeDirectory() throws IOException {
    write("rw-------", "*:*:*:*:via-param");
    ConnectionConfig c = ConnectionConfig.parse("passfile=" + file, Map.of(), ConfigFixtures.LOCAL);
    assertEquals(Optional.of("via-param"), c.passwordFor(c.hosts().get(0)));
    Path home = Files.createDirectory(dir.resolve("home"));
    Files.writeString(home.resolve(".pgpass"), "*:*:*:*:via-home\n");
    Files.setPosixFilePermissions(home.resolve(".pgpass"), PosixFilePermissions.fromString("rw-------"));
    ConnectionConfig h = ConnectionConfig.parse("", Map.of("HOME", home.toString()), ConfigFixtures.LOCAL);
    assertEquals(Optional.of("via-home"), h.passwordFor(h.hosts().get(0)));
  }

  @Test
  void missingFileDirectoryAndShortLinesGiveNothing() throws IOException {
    assertEquals(Optional.empty(), lookup(""));
    Files.createDirectory(file);
    assertEquals(Optional.empty(), lookup(""));
    Files.delete(file);
    write("rw-------", "*:*:*:*", "localhost:5432");
    assertEquals(Optional.empty(), lookup(""));
  }

  @Test
  void crlfLineEndingsAndEmptyPasswordStopTheSearch() throws IOException {
    Files.writeString(file, "a:*:*:*:crlf-pw\r\nb:*:*:*:\r\n*:*:*:*:later\r\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    assertEquals(Optional.of("crlf-pw"), lookup("host=a"));
    // libpq returns the first match even when its password is empty
    assertEquals(Optional.empty(), lookup("host=b"));
    assertEquals(Optional.of("later"), lookup("host=c"));
  }

  @Test
  void fileIsReadAtEachLookup() throws IOException {
    write("rw-------", "*:*:*:*:first");
    ConnectionConfig c = config("");
    assertEquals(Optional.of("first"), c.passwordFor(c.hosts().get(0)));
    write("rw-------", "*:*:*:*:second");
    assertEquals(Optional.of("second"), c.passwordFor(c.hosts().get(0)));
  }
}
