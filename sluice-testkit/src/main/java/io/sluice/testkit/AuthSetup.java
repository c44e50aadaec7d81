package io.sluice.testkit;

import static io.sluice.testkit.TestRoles.CERT;
import static io.sluice.testkit.TestRoles.CLEAR;
import static io.sluice.testkit.TestRoles.MD5;
import static io.sluice.testkit.TestRoles.NO_SSL;
import static io.sluice.testkit.TestRoles.SCRAM;
import static io.sluice.testkit.TestRoles.SSL_ONLY;
import static io.sluice.testkit.TestRoles.SUPERUSER;
import static io.sluice.testkit.TestRoles.TRUST;

import java.util.List;

/** The pg_hba.conf and the SQL that give a fresh server the roles of {@link TestRoles}. */
final class AuthSetup {
  private static final List<String> LOOPBACK = List.of("127.0.0.1/32", "::1/128");

  private AuthSetup() {}

  /**
   * pg_hba.conf: the first matching line decides, so each test role's lines come first, then the
   * superuser's trust, then SCRAM for any role a test creates itself. Without TLS the
   * {@code hostssl} lines are left out (the server would log that they can never match).
   */
  static String hba(boolean tls) {
    StringBuilder b = new StringBuilder("# written by io.sluice.testkit.PostgresServer; see TestRoles\n");
    // TYPE / DATABASE / USER / ADDRESS / METHOD
    all(b, TRUST, "trust");
    all(b, CLEAR, "password");
    all(b, MD5, "md5");
    all(b, SCRAM, "scram-sha-256");
    local(b, SSL_ONLY, "reject");
    tcp(b, tls ? "hostssl" : null, SSL_ONLY, "scram-sha-256");
    tcp(b, "hostnossl", SSL_ONLY, "reject");
    local(b, NO_SSL, "scram-sha-256");
    tcp(b, "hostnossl", NO_SSL, "scram-sha-256");
    tcp(b, tls ? "hostssl" : null, NO_SSL, "reject");
    local(b, CERT, "reject");
    tcp(b, tls ? "hostssl" : null, CERT, "cert");
    tcp(b, "hostnossl", CERT, "reject");
    all(b, SUPERUSER, "trust");
    b.append("local replication ").append(SUPERUSER).append(" trust\n");   // pg_basebackup for replicas
    all(b, "all", "scram-sha-256");
    return b.toString();
  }

  /** SQL for psql, run as the superuser in database {@code postgres}, one statement at a time. */
  static String rolesSql() {
    return String.join("\n",
        "CREATE DATABASE " + TestRoles.DATABASE + ";",
        "CREATE ROLE " + TRUST + " LOGIN;",
        "CREATE ROLE " + CLEAR + " LOGIN PASSWORD '" + TestRoles.CLEAR_PASSWORD + "';",
        // the md5 method needs an MD5-hashed password; PostgreSQL 18 warns that MD5 is deprecated
        "SET password_encryption = 'md5';",
        "CREATE ROLE " + MD5 + " LOGIN PASSWORD '" + TestRoles.MD5_PASSWORD + "';",
        "RESET password_encryption;",
        "CREATE ROLE " + SCRAM + " LOGIN PASSWORD '" + TestRoles.SCRAM_PASSWORD + "';",
        "CREATE ROLE " + SSL_ONLY + " LOGIN PASSWORD '" + TestRoles.SSL_ONLY_PASSWORD + "';",
        "CREATE ROLE " + NO_SSL + " LOGIN PASSWORD '" + TestRoles.NO_SSL_PASSWORD + "';",
        "CREATE ROLE " + CERT + " LOGIN;",
        "\\connect " + TestRoles.DATABASE,
        // since PostgreSQL 15 only the owner may create in schema public; tests log in as the roles too
        "GRANT ALL ON SCHEMA public TO PUBLIC;",
        "");
  }

  private static void all(StringBuilder b, String user, String method) {
    local(b, user, method);
    tcp(b, "host", user, method);
  }

  private static void local(StringBuilder b, String user, String method) {
    b.append("local all ").append(user).append(' ').append(method).append('\n');
  }

  private static void tcp(StringBuilder b, String type, String user, String method) {
    if (type == null) {
      return;
    }
    for (String address : LOOPBACK) {
      b.append(type).append(" all ").append(user).append(' ').append(address).append(' ').append(method).append('\n');
    }
  }
}
