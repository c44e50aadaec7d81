package io.sluice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connection service file (PostgreSQL docs "The Connection Service File"): {@code service}
 * or {@code PGSERVICE} names a section whose parameters come below the explicit ones and above
 * the environment; the per-user file ({@code servicefile}, {@code PGSERVICEFILE}, {@code
 * ~/.pg_service.conf}) before {@code PGSYSCONFDIR/pg_service.conf}; errors name the file and line.
 */
class ServiceFileTest {
  @TempDir
  Path dir;

  Path file(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  static String hosts(ConnectionConfig c) {
    return c.hosts().stream().map(Object::toString).reduce((a, b) -> a + "," + b).orElse("");
  }

  @Test
  void aServiceSuppliesDefaultsBelowExplicitAndAboveTheEnvironment() throws Exception {
    Path f = file("services.conf", "# comment\n[other]\nhost=wrong\n\n[main]\n host = svchost \nport=6543\n"
        + "dbname=svcdb\nuser=svcuser\napplication_name=from service\n[later]\nhost=wrong2\n");
    ConnectionConfig c = ConnectionConfig.parse("service=main servicefile=" + f + " dbname=explicitdb",
        Map.of("PGHOST", "envhost", "PGUSER", "envuser", "PGSSLMODE", "disable"));
    assertEquals("svchost:6543", hosts(c));
    assertEquals("explicitdb", c.database(), "explicit wins over the service");
    assertEquals("svcuser", c.user(), "the service wins over the environment");
    assertEquals(SslMode.DISABLE, c.sslMode(), "the environment fills what the service leaves");
    assertEquals(java.util.Optional.of("from service"), c.applicationName());
  }

  @Test
  void pgserviceAndPgservicefileAndTheSystemFile() throws Exception {
    Path user = file("user.conf", "[a]\nhost=userhost\n");
    Path sys = Files.createDirectory(dir.resolve("etc"));
    Files.writeString(sys.resolve("pg_service.conf"), "[a]\nhost=syshost\n[b]\nhost=syshost-b\nport=7000\n");
    Map<String, String> env = Map.of("PGSERVICE", "a", "PGSERVICEFILE", user.toString(), "PGSYSCONFDIR", sys.toString());
    assertEquals("userhost:5432", hosts(ConnectionConfig.parse("", env)), "the per-user file first");
    assertEquals("syshost-b:7000", hosts(ConnectionConfig.parse("service=b", env)), "then the system one");
    assertEquals("userhost:5432", hosts(ConnectionConfig.parse("", Map.of("PGSERVICE", "a", "HOME", dir.toString(),
        "PGSYSCONFDIR", sys.toString(), "PGSERVICEFILE", user.toString()))));
    Files.copy(user, dir.resolve(".pg_service.conf"));
    assertEquals("userhost:5432", hosts(ConnectionConfig.parse("service=a", Map.of("HOME", dir.toString()))),
        "~/.pg_service.conf");
  }

  @Test
  void errorsNameTheServiceTheFileAndTheLine() throws Exception {
    Path f = file("bad.conf", "[s]\nhost=h\nnot a setting\n[n]\nservice=other\n[k]\nhots=h\n");
    String missing = assertThrows(ConfigException.class,
        () -> ConnectionConfig.parse("service=nope servicefile=" + f, Map.of())).getMessage();
    assertTrue(missing.contains("definition of service \"nope\" not found"), missing);
    String syntax = assertThrows(ConfigException.class,
        () -> ConnectionConfig.parse("service=s servicefile=" + f, Map.of())).getMessage();
    assertTrue(syntax.contains("line 3 of service file " + f), syntax);
    String nested = assertThrows(ConfigException.class,
        () -> ConnectionConfig.parse("service=n servicefile=" + f, Map.of())).getMessage();
    assertTrue(nested.contains("nested service"), nested);
    String unknown = assertThrows(ConfigException.class,
        () -> ConnectionConfig.parse("service=k servicefile=" + f, Map.of())).getMessage();
    assertTrue(unknown.contains("\"hots\"") && unknown.contains("line 7"), unknown);
    String bad = assertThrows(ConfigException.class,
        () -> ConnectionConfig.parse("service=p servicefile=" + file("p.conf", "[p]\nport=x\n"), Map.of())).getMessage();
    assertTrue(bad.contains("service \"p\" in "), "a bad value says it came from the service: " + bad);
  }
}
