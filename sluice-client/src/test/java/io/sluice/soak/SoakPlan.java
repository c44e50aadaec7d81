package io.sluice.soak;

import io.sluice.PoolOptions;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.TestRoles;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long and how hard the soak runs, from system properties (the Maven profile {@code soak}
 * passes them on): {@code sluice.soak.minutes} (fault phase, default 10, decimals allowed),
 * {@code sluice.soak.threads} (default 64), {@code sluice.soak.faultSeconds} (mean gap between
 * faults, default 3), {@code sluice.soak.quietSeconds} (fault-free phase at the end, default 15),
 * {@code sluice.soak.seed} (the fault schedule's random seed; printed, so a schedule can be rerun).
 */
record SoakPlan(Duration faultPhase, int threads, Duration faultGap, Duration quietPhase, long seed) {
  /** Trusted from 127.0.0.1 on every prepared test server; not a superuser. */
  static final String POOL_ROLE = TestRoles.TRUST;
  static final int POOL_MIN = 4;
  static final int POOL_MAX = 16;
  static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(5);
  static final Duration QUERY_TIMEOUT = Duration.ofSeconds(5);
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  /** How long the pool may take to be back at its minimum once the faults stop. */
  static final Duration RECOVERY_BOUND = Duration.ofSeconds(30);
  /** The longest the fault phase may be: the test's hard limit is computed from it. */
  static final double MAX_MINUTES = 120;

  static SoakPlan fromSystemProperties() {
    double minutes = Double.parseDouble(property("sluice.soak.minutes", "10"));
    if (!(minutes > 0 && minutes <= MAX_MINUTES)) {
      throw new IllegalArgumentException("sluice.soak.minutes must be in (0, " + MAX_MINUTES + "], got " + minutes);
    }
    int threads = Integer.parseInt(property("sluice.soak.threads", "64"));
    if (threads < 2 || threads > 1024) {
      throw new IllegalArgumentException("sluice.soak.threads must be in [2, 1024], got " + threads);
    }
    double faultSeconds = Double.parseDouble(property("sluice.soak.faultSeconds", "3"));
    if (!(faultSeconds >= 0.2)) {
      throw new IllegalArgumentException("sluice.soak.faultSeconds must be at least 0.2, got " + faultSeconds);
    }
    long quietSeconds = Long.parseLong(property("sluice.soak.quietSeconds", "15"));
    String seed = property("sluice.soak.seed", "");
    return new SoakPlan(Duration.ofMillis(Math.round(minutes * 60_000)), threads,
        Duration.ofMillis(Math.round(faultSeconds * 1000)), Duration.ofSeconds(Math.max(1, quietSeconds)),
        seed.isBlank() ? ThreadLocalRandom.current().nextLong() : Long.parseLong(seed.strip()));
  }

  private static String property(String name, String fallback) {
    String v = System.getProperty(name);
    return v == null || v.isBlank() ? fallback : v.strip();
  }

  /**
   * The longest one pool call may take: waiting for a connection, then up to three round trips
   * (a transaction's first statement with its deferred BEGIN, its second statement, COMMIT), each
   * within the query timeout, a connection opened on the way, and slack for a loaded machine.
   */
  Duration callBound() {
    return ACQUIRE_TIMEOUT.plus(QUERY_TIMEOUT.multipliedBy(3)).plus(CONNECT_TIMEOUT).plusSeconds(10);
  }

  /** Everything the run may take, past which the test is stopped: phases, audit and slack. */
  Duration hardLimit() {
    return faultPhase.plus(quietPhase).plus(RECOVERY_BOUND).plus(callBound().multipliedBy(2)).plusMinutes(10);
  }

  /** Synchronous commit on, so that a crashed backend ({@code kill -9}) loses no acknowledged commit. */
  static PostgresServer.Options serverOptions() {
    return PostgresServer.Options.defaults().withTls(false).withSetting("synchronous_commit", "on");
  }

  /**
   * The pool reaches the server only through the proxy, so that the link can be cut, as a role
   * that is not a superuser, so that its connections can be limited ({@link FaultKind#LIMIT_ROLE}).
   */
  static String poolUrl(PostgresServer pg, FaultProxy proxy) {
    return "host=" + proxy.host() + " port=" + proxy.port() + " user=" + POOL_ROLE + " dbname=" + pg.database()
        + " application_name=" + FaultInjector.APPLICATION + " sslmode=disable"
        + " query_timeout=" + QUERY_TIMEOUT.toSeconds() + " connect_timeout=" + CONNECT_TIMEOUT.toSeconds();
  }

  /** The audit reads the table over the server's Unix socket, past the proxy. */
  static String directUrl(PostgresServer pg) {
    return pg.conninfo("");
  }

  static PoolOptions poolOptions() {
    return PoolOptions.DEFAULT.minSize(POOL_MIN).maxSize(POOL_MAX).acquireTimeout(ACQUIRE_TIMEOUT);
  }
}
