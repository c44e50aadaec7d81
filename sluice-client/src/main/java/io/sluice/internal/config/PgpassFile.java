package io.sluice.internal.config;

import io.sluice.HostPort;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The password file (PostgreSQL docs 32.16; libpq {@code passwordFromFile} and {@code
 * pwdfMatchesString}). Each line is {@code hostname:port:database:username:password}; lines
 * starting with {@code #} are comments; the first line whose four fields match wins. A field that
 * is exactly {@code *} matches anything; otherwise it must equal the value, with {@code \:} and
 * {@code \\} standing for {@code :} and {@code \}. The password runs to the end of the line (or an
 * unescaped {@code :}) and is un-escaped the same way. The host looked up is the host name, or the
 * hostaddr when there is no name, or {@code localhost} for a socket in the default socket
 * directory (other socket directories are looked up by their path).
 *
 * <p>A missing or unreadable file is silently ignored. A file that is not a regular file, or
 * (where the file system has POSIX permissions) that grants any access to group or others, is
 * ignored with a warning, as libpq does. The file is read at each look-up, i.e. when connecting,
 * so edits take effect for the next connection.
 */
public final class PgpassFile {
  private PgpassFile() {}

  private static final System.Logger LOG = System.getLogger(PgpassFile.class.getName());

  private static final Set<PosixFilePermission> GROUP_OR_OTHER = EnumSet.of(
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
      PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
      PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  /** The host field to look up for {@code host}: see the class comment. */
  public static String lookupHost(HostPort host) {
    return switch (host) {
      case HostPort.Tcp t -> t.name().orElseGet(() -> t.hostaddr().orElseThrow());
      case HostPort.UnixSocket u ->
          u.directory().equals(LocalDefaults.DEFAULT_SOCKET_DIR) ? "localhost" : u.directory().toString();
    };
  }

  /**
   * The password for this host, port, database and user, from {@code file}. Empty when the file
   * is missing, insecure or unreadable, when no line matches, or when the matching line's password
   * is empty.
   *
   * @param checkPermissions false on Windows, where libpq skips the check
   */
  public static Optional<String> lookup(
      Path file, boolean checkPermissions, String host, int port, String dbname, String user) {
    return lookup(file, checkPermissions, host, port, dbname, user,
        warning -> LOG.log(Level.WARNING, warning));
  }

  /** As above, with the warnings sent to {@code warn} (for tests) instead of the logger. */
  static Optional<String> lookup(Path file, boolean checkPermissions, String host, int port,
      String dbname, String user, Consumer<String> warn) {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    if (!Files.isRegularFile(file)) {
      warn.accept("password file \"" + file + "\" is not a plain file; ignoring it");
      return Optional.empty();
    }
    String text;
    try {
      if (checkPermissions && insecure(file)) {
        warn.accept("password file \"" + file + "\" has group or world access;"
            + " permissions should be u=rw (0600) or less; ignoring it");
        return Optional.empty();
      }
      // lenient decoding: a stray non-UTF-8 byte must not hide every other line
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
    String portText = Integer.toString(port);
    for (String line : text.split("\n", -1)) {
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int i = field(line, 0, host);
      i = i < 0 ? -1 : field(line, i, portText);
      i = i < 0 ? -1 : field(line, i, dbname);
      i = i < 0 ? -1 : field(line, i, user);
      if (i >= 0) {
        String password = unescapePassword(line, i);
        return password.isEmpty() ? Optional.empty() : Optional.of(password);
      }
    }
    return Optional.empty();
  }

  private static boolean insecure(Path file) throws IOException {
    try {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
      return perms.stream().anyMatch(GROUP_OR_OTHER::contains);
    } catch (UnsupportedOperationException e) {
      return false; // no POSIX permissions on this file system: nothing to check
    }
  }

  /**
   * If the field starting at {@code from} matches {@code value}, the index just after its
   * terminating {@code :}; else -1. A field not terminated by {@code :} never matches.
   */
  static int field(String line, int from, String value) {
    if (line.startsWith("*:", from)) {
      return from + 2;
    }
    int v = 0;
    for (int i = from; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        if (++i >= line.length()) {
          return -1;
        }
        c = line.charAt(i);
      } else if (c == ':') {
        return v == value.length() ? i + 1 : -1;
      }
      if (v >= value.length() || value.charAt(v) != c) {
        return -1;
      }
      v++;
    }
    return -1;
  }

  /** The password from {@code from}: to the end or an unescaped {@code :}, backslashes removed. */
  static String unescapePassword(String line, int from) {
    StringBuilder sb = new StringBuilder();
    for (int i = from; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == ':') {
        break;
      }
      if (c == '\\' && i + 1 < line.length()) {
        c = line.charAt(++i);
      }
      sb.append(c);
    }
    return sb.toString();
  }
}
