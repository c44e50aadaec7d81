package io.sluice.bench.spring;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.jdbc.SluiceDataSource;
import io.sluice.jdbc.SluicePoolDataSource;
import io.sluice.testkit.PostgresServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Which pool the Spring Boot starter should put behind its DataSource (docs/spring-boot.md): many
 * small {@link JdbcTemplate} queries from 16 threads, through HikariCP over sluice-jdbc and through
 * {@link SluicePoolDataSource}, both built as the starter builds them with their default sizes (10
 * connections), in alternating rounds so that the machine's drift hits both alike; the native
 * {@link Pool} (pipelined, no JDBC) beside them for reference. Prints each round's queries per
 * second and the medians' ratios.
 *
 * <pre>bin/sluice mvn -B -ntp -q exec:java -pl sluice-bench -Dexec.mainClass=io.sluice.bench.spring.JdbcTemplatePools [-Dexec.args="rounds queriesPerRound"]</pre>
 */
public final class JdbcTemplatePools {
  private static final int THREADS = 16;

  private JdbcTemplatePools() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 32_000;
    PostgresServer pg = PostgresServer.shared();
    SluiceDataSource server = new SluiceDataSource();
    server.setUrl("jdbc:sluice:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database());
    server.setUser(pg.superuser());
    try (HikariDataSource hikari = new HikariDataSource();
         SluicePoolDataSource sluice = new SluicePoolDataSource(server, PoolOptions.DEFAULT);
         Pool nativePool = Pool.open(server.connectionConfig(), PoolOptions.DEFAULT)) {
      hikari.setDataSource(server);
      List<String> names = List.of("hikari+sluice-jdbc", "SluicePoolDataSource", "native Pool");
      List<IntConsumer> queries = List.of(template(hikari), template(sluice),
          i -> nativePool.query("select $1::int4 + 1", i).get(0).getInt(0));
      List<List<Double>> rates = new ArrayList<>();
      for (int k = 0; k < names.size(); k++) {
        rates.add(new ArrayList<>());
        run(queries.get(k), perRound);   // warm-up
      }
      for (int r = 0; r < rounds; r++) {
        StringBuilder line = new StringBuilder("round " + (r + 1) + ":");
        for (int k = 0; k < names.size(); k++) {
          double qps = run(queries.get(k), perRound);
          rates.get(k).add(qps);
          line.append(String.format(Locale.ROOT, "  %s %.0f q/s", names.get(k), qps));
        }
        System.out.println(line);
      }
      double base = median(rates.get(0));
      for (int k = 0; k < names.size(); k++) {
        List<Double> sorted = rates.get(k).stream().sorted().toList();
        System.out.printf(Locale.ROOT, "%-22s median %.0f q/s (min %.0f, max %.0f), %.2fx hikari+sluice-jdbc%n",
            names.get(k), median(rates.get(k)), sorted.get(0), sorted.get(sorted.size() - 1),
            median(rates.get(k)) / base);
      }
    }
  }

  private static IntConsumer template(DataSource ds) {
    JdbcTemplate jdbc = new JdbcTemplate(ds);
    return i -> jdbc.queryForObject("select ?::int4 + 1", Integer.class, i);
  }

  /** Queries per second of {@code total} queries shared by {@link #THREADS} threads. */
  private static double run(IntConsumer query, int total) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      threads.add(Thread.ofPlatform().start(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < total / THREADS; i++) {
          query.accept(i);
        }
      }));
    }
    long t0 = System.nanoTime();
    start.countDown();
    for (Thread t : threads) {
      t.join();
    }
    return total / ((System.nanoTime() - t0) / 1e9);
  }

  private static double median(List<Double> xs) {
    List<Double> s = xs.stream().sorted().toList();
    return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
  }
}
