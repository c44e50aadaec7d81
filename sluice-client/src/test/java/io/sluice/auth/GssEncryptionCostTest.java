package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.testkit.Kdc;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * What GSS encryption costs against TLS and plaintext on the lab's wide read, t50k (50,000 rows of
 * an id and nine 100-character text columns, every value read), on one server over loopback. A
 * measurement, not a check of speed: run by name with {@code -Dsluice.measure=true}; it asserts
 * only that every transport read the same rows, and prints the medians (docs/kerberos.md quotes
 * them).
 */
@EnabledIfSystemProperty(named = "sluice.measure", matches = "true")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class GssEncryptionCostTest {
  static final String USER = "gss_cost";

  @Test
  void t50kOverPlaintextTlsAndGssEncryption() {
    assumeTrue(Kdc.available(), Kdc::missing);
    Kdc kdc = Kdc.shared();
    kdc.addUser(USER, "gss-cost-secret");
    String cache = kdc.ticketCache(USER, "gss-cost-secret").toString();
    List<String> reasons = new ArrayList<>();
    PostgresServer pg = GssServers.start(kdc, true, GssServers.lines("host", USER), reasons).orElse(null);
    assumeTrue(pg != null, () -> "no PostgreSQL with GSSAPI here: " + reasons);
    try (pg) {
      pg.psql("CREATE ROLE " + USER + " LOGIN; CREATE TABLE t50k (id int4 primary key, "
          + String.join(", ", columns("c%d text not null")) + "); INSERT INTO t50k SELECT g, "
          + String.join(", ", columns("left(repeat(md5(g || ':%d'), 4), 100)"))
          + " FROM generate_series(1, 50000) g; VACUUM (FREEZE, ANALYZE) t50k; GRANT SELECT ON t50k TO " + USER + ";");
      String base = "host=localhost port=" + pg.port() + " dbname=" + pg.database() + " user=" + USER
          + " gss_ticket_cache=" + cache + " ";
      StringBuilder report = new StringBuilder("GssEncryptionCostTest: t50k on PostgreSQL " + pg.version()
          + ", median of 21 reads after 5:");
      long expected = -1;
      for (String[] t : new String[][] {{"plaintext", "sslmode=disable gssencmode=disable"},
          {"TLS", "sslmode=require gssencmode=disable"}, {"GSS encryption", "gssencmode=require"}}) {
        try (Connection c = Connection.open(base + t[1])) {
          long[] nanos = new long[21];
          for (int i = -5; i < nanos.length; i++) {
            long start = System.nanoTime();
            long chars = read(c);
            long took = System.nanoTime() - start;
            if (expected < 0) {
              expected = chars;
            }
            assertEquals(expected, chars, t[0] + " read every value");
            if (i >= 0) {
              nanos[i] = took;
            }
          }
          Arrays.sort(nanos);
          long[] copy = new long[7];
          for (int i = -2; i < copy.length; i++) {
            long start = System.nanoTime();
            c.copy().to("copy t50k to stdout", java.io.OutputStream.nullOutputStream());
            if (i >= 0) {
              copy[i] = System.nanoTime() - start;
            }
          }
          Arrays.sort(copy);
          // libpq over the same transport, as a reference for the server's side of the cost
          long[] psql = new long[5];
          String krb = kdc.krb5Conf().toString();
          for (int i = 0; i < psql.length; i++) {
            long start = System.nanoTime();
            var r = pg.psqlAs(base.replace("gss_ticket_cache=" + cache, "") + t[1],
                java.util.Map.of("KRB5_CONFIG", krb, "KRB5CCNAME", "FILE:" + cache), "copy t50k to stdout");
            psql[i] = System.nanoTime() - start;
            assertEquals(0, r.exitCode(), r.stderr());
          }
          Arrays.sort(psql);
          report.append(String.format("%n  %s: rows %.1f ms, COPY %.1f ms, psql's COPY %.1f ms", t[0],
              nanos[nanos.length / 2] / 1e6, copy[copy.length / 2] / 1e6, psql[psql.length / 2] / 1e6));
        }
      }
      System.out.println(report);
    }
  }

  static List<String> columns(String format) {
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= 9; i++) {
      out.add(String.format(format, i));
    }
    return out;
  }

  /** Reads t50k with every value touched; returns the characters read. */
  static long read(Connection c) {
    long chars = 0;
    for (Row r : c.query("select * from t50k")) {
      chars += r.getInt(0);
      for (int i = 1; i <= 9; i++) {
        chars += r.getString(i).length();
      }
    }
    return chars;
  }
}
