package io.sluice.demo;

import io.sluice.Connection;
import io.sluice.SimpleResult;
import io.sluice.testkit.PostgresServer;
import java.util.List;

/**
 * The main job until the lab lands: starts the embedded PostgreSQL, connects over TCP with TLS and
 * SCRAM and over the Unix socket, and times simple queries. Run with {@code bin/sluice lab}.
 */
public final class Demo {
  public static void main(String[] args) {
    PostgresServer pg = PostgresServer.shared();
    System.out.println("PostgreSQL " + pg.version() + " on port " + pg.port());
    String unix = "host=" + pg.socketDirectory() + " port=" + pg.port() + " user=" + pg.superuser() + " dbname=" + pg.database();
    String tcp = "host=127.0.0.1 port=" + pg.port() + " user=" + pg.superuser() + " dbname=" + pg.database() + " sslmode=disable";
    for (String url : List.of(unix, tcp, tcp.replace("sslmode=disable", "sslmode=require"))) {
      try (Connection c = Connection.open(url)) {
        int n = 2000;
        for (int i = 0; i < 200; i++) {
          c.simpleQuery("select 1");
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
          c.simpleQuery("select " + i);
        }
        long t1 = System.nanoTime();
        SimpleResult r = c.simpleQuery("select count(*) from generate_series(1, 100000)").get(0);
        System.out.printf("%-40s tls=%-8s %6.1f µs per 'select N' round trip; count=%s%n",
            c.toString().replaceAll(", pid.*", "]"), c.tlsProtocol(), (t1 - t0) / 1e3 / n, r.rows().get(0).get(0));
      }
    }
    System.out.println("The benchmark lab is not built yet (issue 6); this demo is what 'bin/sluice lab' runs for now.");
  }
}
