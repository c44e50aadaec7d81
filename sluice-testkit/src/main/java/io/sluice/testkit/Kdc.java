package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A throwaway MIT Kerberos realm: its own {@code krb5.conf} and {@code kdc.conf}, a database made
 * with {@code kdb5_util create -s}, and {@code krb5kdc} running as a child process on a free
 * loopback port, all in a temporary directory. Nothing system-wide is read or written: every
 * Kerberos command this class runs gets {@code KRB5_CONFIG} and {@code KRB5_KDC_PROFILE} pointing
 * at the realm's own files. A JVM that signs in against the realm must read {@link #krb5Conf()}
 * (system property {@code java.security.krb5.conf}).
 *
 * <p>Needs Debian's {@code krb5-kdc}, {@code krb5-admin-server} (for {@code kadmin.local}) and
 * {@code krb5-user} ({@code kinit}); {@link #available()} says whether they are installed and
 * {@link #missing()} what is not, so tests can skip with a message.
 *
 * <p>Starting a realm takes well under a second. {@link #close()} stops the KDC and deletes the
 * directory; a shutdown hook does the same if the test forgets.
 */
public final class Kdc implements AutoCloseable {
  /** The realm of every KDC this class starts (the directory and port differ). */
  public static final String REALM = "SLUICE.TEST";
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
  private static final List<String> TOOLS = List.of("/usr/sbin/krb5kdc", "/usr/sbin/kdb5_util",
      "/usr/sbin/kadmin.local", "/usr/bin/kinit");

  private final Path base;
  private final int port;
  private final Map<String, String> env;
  private final Process process;
  private final Thread hook;
  private volatile boolean closed;
  private volatile boolean isShared;

  private static final Object SHARED_LOCK = new Object();
  private static Kdc shared;

  private Kdc(Path base, int port, Process process) {
    this.base = base;
    this.port = port;
    this.process = process;
    this.env = Map.of("KRB5_CONFIG", base.resolve("krb5.conf").toString(),
        "KRB5_KDC_PROFILE", base.resolve("kdc.conf").toString(),
        "KRB5CCNAME", "FILE:" + base.resolve("default.ccache"));
    this.hook = new Thread(this::destroy, "sluice-kdc-cleanup");
  }

  /** True when the MIT Kerberos tools this class runs are installed. */
  public static boolean available() {
    return missing().isEmpty();
  }

  /** The MIT Kerberos tools that are not installed, and the Debian packages that bring them. */
  public static String missing() {
    List<String> absent = new ArrayList<>();
    for (String tool : TOOLS) {
      if (!Files.isExecutable(Path.of(tool))) {
        absent.add(tool);
      }
    }
    return absent.isEmpty() ? "" : String.join(", ", absent)
        + " not installed (Debian packages krb5-kdc, krb5-admin-server, krb5-user)";
  }

  /** Makes a new realm {@value #REALM} in a temporary directory and starts its KDC. */
  public static Kdc start() {
    UnitRun.refuse("a Kerberos KDC");
    if (!available()) {
      throw new TestkitException("cannot start a KDC: " + missing());
    }
    Path base;
    int port;
    try {
      base = Files.createTempDirectory("sluice-kdc-");
      Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
      port = freePort();
      Files.writeString(base.resolve("krb5.conf"), krb5Conf(port));
      Files.writeString(base.resolve("kdc.conf"), kdcConf(base, port));
    } catch (IOException e) {
      throw new UncheckedIOException("could not prepare the KDC's directory", e);
    }
    Map<String, String> env = Map.of("KRB5_CONFIG", base.resolve("krb5.conf").toString(),
        "KRB5_KDC_PROFILE", base.resolve("kdc.conf").toString());
    // -s: a stash file, so that krb5kdc starts without asking for the master password
    Commands.run(List.of("/usr/sbin/kdb5_util", "create", "-s", "-r", REALM, "-P", "sluice-master-key"),
        base, env, null, COMMAND_TIMEOUT).orThrow("kdb5_util create");
    ProcessBuilder pb = new ProcessBuilder("/usr/sbin/krb5kdc", "-n", "-r", REALM, "-P", base.resolve("kdc.pid").toString())
        .directory(base.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
        .redirectErrorStream(true)
        .redirectOutput(base.resolve("krb5kdc.out").toFile());
    pb.environment().putAll(env);
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      deleteTree(base);
      throw new TestkitException("could not start krb5kdc: " + e.getMessage(), e);
    }
    Kdc kdc = new Kdc(base, port, p);
    Runtime.getRuntime().addShutdownHook(kdc.hook);
    try {
      kdc.awaitListening();
    } catch (RuntimeException e) {
      kdc.close();
      throw e;
    }
    return kdc;
  }

  /**
   * The JVM-wide realm, started on first use and stopped when the JVM exits ({@link #close()} does
   * nothing to it). The JDK reads its Kerberos configuration once per JVM, so every test class that
   * signs in from this JVM must use the same realm: this one, whose {@code krb5.conf} it puts in
   * system property {@code java.security.krb5.conf} before anything reads it. Test classes add
   * principals of their own names; a principal added twice keeps its first keys.
   */
  public static Kdc shared() {
    synchronized (SHARED_LOCK) {
      if (shared == null) {
        Kdc kdc = start();
        kdc.isShared = true;
        System.setProperty("java.security.krb5.conf", kdc.krb5Conf().toString());
        shared = kdc;
      }
      return shared;
    }
  }

  /** The environment a Kerberos command line tool (kinit, psql's libpq) needs to use this realm. */
  public Map<String, String> clientEnv(Path ticketCache) {
    return Map.of("KRB5_CONFIG", krb5Conf().toString(), "KRB5CCNAME", "FILE:" + ticketCache);
  }

  /** The realm's {@code krb5.conf}: for {@code java.security.krb5.conf} and {@code KRB5_CONFIG}. */
  public Path krb5Conf() {
    return base.resolve("krb5.conf");
  }

  /** The loopback port the KDC answers on (TCP and UDP). */
  public int port() {
    return port;
  }

  public String realm() {
    return REALM;
  }

  /** The realm's directory (configuration, database, log {@code kdc.log}). */
  public Path directory() {
    return base;
  }

  /** Adds principal {@code name} (without realm) with {@code password}. */
  public void addUser(String name, String password) {
    kadmin("addprinc -pw " + word(password) + " " + word(name));
  }

  /** Adds principal {@code name} (without realm) with a random key, e.g. {@code postgres/localhost}. */
  public void addRandomKey(String name) {
    kadmin("addprinc -randkey " + word(name));
  }

  /**
   * Writes the keys of principal {@code name} (without realm) to a new keytab {@code file}. Exporting
   * a key does not change it when {@code -norandkey} is given, so a password principal keeps its
   * password.
   */
  public Path keytab(String name, Path file) {
    kadmin("ktadd -norandkey -k " + word(file.toString()) + " " + word(name));
    return file;
  }

  /**
   * Signs {@code principal} (without realm) in with {@code password} ({@code kinit -c}) and returns
   * the new ticket cache file, for {@code KRB5CCNAME} or Sluice's {@code gss_ticket_cache}.
   */
  public Path ticketCache(String principal, String password) {
    return ticketCache(principal, password, null);
  }

  /**
   * As {@link #ticketCache(String, String)}, the ticket valid for {@code lifetime} only ({@code
   * kinit -l}, e.g. {@code 2s}; null for the realm's default), for tests of an expired ticket.
   */
  public Path ticketCache(String principal, String password, String lifetime) {
    Path cache = base.resolve("cc-" + principal.replaceAll("[^A-Za-z0-9]", "_") + "-" + System.nanoTime());
    List<String> kinit = new ArrayList<>(List.of("/usr/bin/kinit", "-c", cache.toString()));
    if (lifetime != null) {
      kinit.addAll(List.of("-l", word(lifetime)));
    }
    kinit.add(principal + "@" + REALM);
    Commands.run(kinit, base, env,
        new java.io.ByteArrayInputStream((password + "\n").getBytes(StandardCharsets.UTF_8)), COMMAND_TIMEOUT)
        .orThrow("kinit " + principal);
    return cache;
  }

  /** Whether {@code cache} holds a ticket that has not expired ({@code klist -s}). */
  public boolean hasValidTicket(Path cache) {
    return Commands.run(List.of("/usr/bin/klist", "-s", "-c", cache.toString()), base, env, null, COMMAND_TIMEOUT).ok();
  }

  /** The last {@code lines} lines of the KDC's log, for failure messages. */
  public String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(base.resolve("kdc.log"));
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no KDC log: " + e.getMessage() + ")";
    }
  }

  /** Stops the KDC and deletes the realm's directory. Idempotent; nothing for {@link #shared()}. */
  @Override
  public void close() {
    if (isShared) {
      return;
    }
    destroy();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run
    }
  }

  @Override
  public String toString() {
    return "Kdc[" + REALM + " at 127.0.0.1:" + port + ", " + base + "]";
  }

  private void destroy() {
    if (closed) {
      return;
    }
    closed = true;
    process.destroy();
    try {
      if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    deleteTree(base);
  }

  private void kadmin(String query) {
    Commands.run(List.of("/usr/sbin/kadmin.local", "-r", REALM, "-q", query), base, env, null, COMMAND_TIMEOUT)
        .orThrow("kadmin.local -q '" + query.replaceAll("-pw \\S+", "-pw ***") + "'");
  }

  /** One word of a kadmin query: kadmin splits on blanks and reads quotes, so refuse both. */
  private static String word(String s) {
    if (s.isEmpty() || !s.matches("[A-Za-z0-9_./@:+=-]+")) {
      throw new IllegalArgumentException("not usable in a kadmin query: " + s.replaceAll(".", "*"));
    }
    return s;
  }

  /** Waits (bounded) until the KDC accepts TCP connections, or fails with its output. */
  private void awaitListening() {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new TestkitException("krb5kdc exited with status " + process.exitValue() + ":\n" + output());
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException notYet) {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new TestkitException("interrupted while waiting for krb5kdc", e);
        }
      }
    }
    throw new TestkitException("krb5kdc did not listen on 127.0.0.1:" + port + " within 10 s:\n" + output());
  }

  private String output() {
    try {
      return Files.readString(base.resolve("krb5kdc.out")) + logTail(20);
    } catch (IOException e) {
      return logTail(20);
    }
  }

  private static String krb5Conf(int port) {
    return String.join("\n",
        "# written by io.sluice.testkit.Kdc: a throwaway realm on loopback",
        "[libdefaults]",
        "  default_realm = " + REALM,
        "  dns_lookup_realm = false",
        "  dns_lookup_kdc = false",
        "  dns_canonicalize_hostname = false",
        "  rdns = false",
        // TCP only: one socket to wait on, no UDP retries
        "  udp_preference_limit = 1",
        "  ticket_lifetime = 1h",
        "  forwardable = false",
        "[realms]",
        "  " + REALM + " = {",
        "    kdc = 127.0.0.1:" + port,
        "  }",
        "[domain_realm]",
        "  localhost = " + REALM,
        "  127.0.0.1 = " + REALM,
        "");
  }

  private static String kdcConf(Path base, int port) {
    return String.join("\n",
        "# written by io.sluice.testkit.Kdc",
        "[kdcdefaults]",
        "  kdc_listen = 127.0.0.1:" + port,
        "  kdc_tcp_listen = 127.0.0.1:" + port,
        "[realms]",
        "  " + REALM + " = {",
        "    database_name = " + base.resolve("principal"),
        "    key_stash_file = " + base.resolve("stash"),
        "    acl_file = " + base.resolve("kadm5.acl"),
        "    max_life = 1h",
        "    supported_enctypes = aes256-cts-hmac-sha1-96:normal aes128-cts-hmac-sha1-96:normal",
        "  }",
        "[logging]",
        "  kdc = FILE:" + base.resolve("kdc.log"),
        "");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> all = Files.walk(root)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // best effort: a temporary directory
    }
  }
}
