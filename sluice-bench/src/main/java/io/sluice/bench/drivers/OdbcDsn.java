package io.sluice.bench.drivers;

import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The ODBC data sources the lab writes itself, as seed 003 did ({@code odbc.ini},
 * {@code odbcinst.ini}): an {@code odbcinst.ini} naming psqlODBC's ANSI driver, and per server an
 * {@code odbc.ini} with two data sources, {@value #NORMAL} (psqlODBC's default: the whole result
 * read at once) and {@value #CURSOR} ({@code UseDeclareFetch=1}, {@code Fetch=}{@value
 * #FETCH_ROWS}: a cursor read that many rows at a time). unixODBC reads them from the directory in
 * {@code ODBCSYSINI} and the file in {@code ODBCINI}, never from /etc. The directory is the lab's
 * ({@code <lab directory>/odbc}, from the system property {@value #LAB_DIR_PROPERTY}), else a
 * directory in the temp directory.
 */
record OdbcDsn(Path directory, Path odbcIni) {
  static final String NORMAL = "sluice";
  static final String CURSOR = "sluice-cursor";
  /** Rows per FETCH of the cursor data source (psqlODBC's default is 100). */
  static final int FETCH_ROWS = 1000;
  /** Set by the lab to its directory. */
  static final String LAB_DIR_PROPERTY = "sluice.lab.dir";
  /** psqlODBC's driver name in odbcinst.ini. */
  private static final String DRIVER = "sluice-psqlodbc";

  /** Writes (or rewrites) the files for {@code target}; the driver library must be installed. */
  static OdbcDsn write(Target target) throws DriverUnavailable {
    Path library = psqlodbc();
    String lab = System.getProperty(LAB_DIR_PROPERTY);
    Path dir = lab != null && !lab.isBlank() ? Path.of(lab, "odbc")
        : Path.of(System.getProperty("java.io.tmpdir"), "sluice-odbc-" + System.getProperty("user.name"));
    try {
      Files.createDirectories(dir);
      replace(dir.resolve("odbcinst.ini"), "[" + DRIVER + "]\nDescription = psqlODBC (ANSI), for the Sluice lab\n"
          + "Driver = " + library + "\n");
      String server = target.host().replaceAll("[^A-Za-z0-9.]", "_") + "-" + target.port();
      Path ini = dir.resolve("odbc-" + server + ".ini");
      replace(ini, source(NORMAL, target, Map.of("UseDeclareFetch", "0")) + "\n"
          + source(CURSOR, target, Map.of("UseDeclareFetch", "1", "Fetch", Integer.toString(FETCH_ROWS))));
      return new OdbcDsn(dir, ini);
    } catch (IOException e) {
      throw new DriverUnavailable("could not write the ODBC data sources in " + dir + ": " + e.getMessage());
    }
  }

  /** The environment that points unixODBC at these files. */
  Map<String, String> environment() {
    return Map.of("ODBCSYSINI", directory.toString(), "ODBCINI", odbcIni.toString());
  }

  private static String source(String name, Target t, Map<String, String> fetch) {
    StringBuilder s = new StringBuilder("[").append(name).append("]\n")
        .append("Driver = ").append(DRIVER).append('\n')
        // a directory here is a Unix socket's: psqlODBC connects through libpq, which takes it as host
        .append("Servername = ").append(t.host()).append('\n')
        .append("Port = ").append(t.port()).append('\n')
        .append("Database = ").append(t.database()).append('\n')
        .append("Username = ").append(t.user()).append('\n')
        .append("SSLMode = disable\n")
        // timestamptz as text in UTC, whatever the server's TimeZone (the checksum needs the instant)
        .append("ConnSettings = SET TimeZone = 'UTC'\n");
    if (t.password() != null) {
      s.append("Password = ").append(t.password()).append('\n');
    }
    fetch.forEach((k, v) -> s.append(k).append(" = ").append(v).append('\n'));
    return s.toString();
  }

  /** Written beside and moved over, readable by its owner only (it may hold a password). */
  private static void replace(Path file, String content) throws IOException {
    Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(tmp, content, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** psqlODBC's ANSI driver library (Debian's odbc-postgresql puts it under /usr/lib/<arch>/odbc). */
  static Path psqlodbc() throws DriverUnavailable {
    for (String base : new String[] {"/usr/lib", "/usr/lib64", "/usr/local/lib"}) {
      Path dir = Path.of(base);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> found = Files.find(dir, 3, (p, a) -> p.getFileName().toString().equals("psqlodbca.so"))) {
        var first = found.findFirst();
        if (first.isPresent()) {
          return first.get();
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // an unreadable directory: look in the next
      }
    }
    throw new DriverUnavailable("psqlODBC is not installed (Debian package odbc-postgresql)");
  }
}
