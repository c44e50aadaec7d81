package io.sluice.soak;

import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.TestkitException;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Injects one random {@link FaultKind} after another, at random gaps around the plan's mean, until
 * a deadline; then leaves the server running and the proxy clean. Only the pool's own backends
 * (those with {@link #APPLICATION} as {@code application_name}) are terminated, killed or frozen,
 * and a pid is signalled only if its parent is this server's postmaster. A fault that cannot be
 * injected (no pool backend yet, the server still recovering) is counted as skipped. Each fault
 * is marked on the {@link FaultClock} from its start until the server and link are whole again.
 */
final class FaultInjector {
  static final String APPLICATION = "sluice-soak";
  private static final String POOL_BACKENDS = "from pg_stat_activity where application_name = '" + APPLICATION
      + "' and backend_type = 'client backend' and pid <> pg_backend_pid() order by random()";

  /** How long a crashed server may take to accept connections again. */
  private static final Duration SERVER_BACK_BOUND = Duration.ofSeconds(60);

  private final PostgresServer pg;
  private final FaultProxy proxy;
  private final String role;
  private final FaultClock clock;
  private final Lull lull;
  private final Duration callBound;
  private final Random random;
  private final Duration meanGap;
  private final EnumCounts<FaultKind> injected = new EnumCounts<>(FaultKind.class);
  private final EnumCounts<FaultKind> skipped = new EnumCounts<>(FaultKind.class);
  private final Map<FaultKind, String> lastSkipReason = new EnumMap<>(FaultKind.class);
  private long backendsTerminated;
  private long onIdlePool;

  FaultInjector(PostgresServer pg, FaultProxy proxy, String role, FaultClock clock, Lull lull, Duration callBound,
      long seed, Duration meanGap) {
    this.pg = pg;
    this.proxy = proxy;
    this.role = role;
    this.clock = clock;
    this.lull = lull;
    this.callBound = callBound;
    this.random = new Random(seed);
    this.meanGap = meanGap;
  }

  /** Injects faults until {@code deadline} (System.nanoTime()), then restores the server and the proxy. */
  void runUntil(long deadline) throws InterruptedException {
    try {
      while (true) {
        long gap = (long) (meanGap.toNanos() * (0.5 + random.nextDouble()));
        long wait = Math.min(gap, deadline - System.nanoTime());
        if (wait <= 0) {
          return;
        }
        Thread.sleep(Duration.ofNanos(wait));
        if (System.nanoTime() >= deadline) {
          return;
        }
        inject(FaultKind.draw(random));
      }
    } finally {
      restore();
    }
  }

  /**
   * One fault; a third of those that can hit idle connections are injected in a {@link Lull},
   * which lasts up to a second past the fault's end (so that the traffic comes back both within
   * and past {@link FaultClock#GRACE}).
   */
  private void inject(FaultKind kind) throws InterruptedException {
    boolean idle = kind.hitsIdleConnections && random.nextInt(3) == 0;
    if (idle) {
      lull.begin(callBound);
      onIdlePool++;
    }
    try {
      injectNow(kind);
    } finally {
      if (idle) {
        Thread.sleep(random.nextInt(1000));
        lull.end();
      }
    }
  }

  private void injectNow(FaultKind kind) throws InterruptedException {
    Optional<String> skippedBecause;
    clock.faultBegins();
    try {
      skippedBecause = switch (kind) {
        case RESTART -> restart();
        case TERMINATE -> terminate(1 + random.nextInt(4));
        case KILL_BACKEND -> killOneBackend();
        case FREEZE -> freezeOneBackend(Duration.ofMillis(1000 + random.nextInt(6000)));
        case RESET_LINKS -> proxy.resetAll() > 0 ? Optional.empty() : Optional.of("no open link");
        case CUT_LINKS -> cutLinks(random.nextInt(4096));
        case LIMIT_ROLE -> limitRole(1 + random.nextInt(4), Duration.ofMillis(1000 + random.nextInt(3000)));
      };
    } catch (TestkitException | IOException e) {
      skippedBecause = Optional.of(e.getMessage().lines().findFirst().orElse("?"));
    } finally {
      clock.faultEnded();
    }
    if (skippedBecause.isEmpty()) {
      injected.increment(kind);
    } else {
      skipped.increment(kind);
      synchronized (lastSkipReason) {
        lastSkipReason.put(kind, skippedBecause.get());
      }
    }
  }

  private Optional<String> restart() {
    pg.restart();
    return Optional.empty();
  }

  /** Ends when the backends have exited ({@code pg_terminate_backend(pid, timeout)} waits for that). */
  private Optional<String> terminate(int n) {
    String count = pg.psql("select count(*) filter (where pg_terminate_backend(pid, 5000)) from (select pid "
        + POOL_BACKENDS + " limit " + n + ") s").strip();
    long done = Long.parseLong(count);
    backendsTerminated += done;
    return done > 0 ? Optional.empty() : Optional.of("no pool backend to terminate");
  }

  /**
   * Ends when the server has been through its crash cycle and accepts connections again: the
   * postmaster ends every child, the checkpointer among them, and starts new ones, so a new
   * checkpointer pid says the cycle has happened (the server may still answer for a moment
   * after the kill, before the postmaster has noticed it).
   */
  private Optional<String> killOneBackend() throws InterruptedException {
    String checkpointer = checkpointerPid();
    Optional<ProcessHandle> backend = oneBackend();
    if (backend.isEmpty()) {
      return Optional.of("no pool backend to kill");
    }
    if (!backend.get().destroyForcibly()) {
      return Optional.of("SIGKILL refused");
    }
    long deadline = System.nanoTime() + SERVER_BACK_BOUND.toNanos();
    while (checkpointer.equals(checkpointerPidOrNothing())) {
      if (System.nanoTime() > deadline) {
        throw new TestkitException("the server did not go through its crash cycle within " + SERVER_BACK_BOUND);
      }
      Thread.sleep(100);
    }
    awaitServer();
    return Optional.empty();
  }

  private String checkpointerPid() {
    return pg.psql("select pid from pg_stat_activity where backend_type = 'checkpointer'").strip();
  }

  /** The checkpointer's pid, or nothing while the server cannot answer (its crash cycle is under way). */
  private String checkpointerPidOrNothing() {
    try {
      return checkpointerPid();
    } catch (TestkitException e) {
      return "";
    }
  }

  /** Polls with psql until the server answers, for at most {@link #SERVER_BACK_BOUND}. */
  private void awaitServer() throws InterruptedException {
    long deadline = System.nanoTime() + SERVER_BACK_BOUND.toNanos();
    while (true) {
      try {
        pg.psql("select 1");
        return;
      } catch (TestkitException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(100);
      }
    }
  }

  /**
   * {@code ALTER ROLE … CONNECTION LIMIT}: the role's open connections stay, new ones past the
   * limit are refused with 53300 ({@code too many connections for role}); two of the pool's
   * backends are terminated, so that the pool needs new connections while the limit holds.
   */
  private Optional<String> limitRole(int connections, Duration howLong) throws InterruptedException {
    pg.psql("alter role " + role + " connection limit " + connections);
    try {
      terminate(2);
      Thread.sleep(howLong);
    } finally {
      pg.psql("alter role " + role + " connection limit -1");
    }
    return Optional.empty();
  }

  private Optional<String> freezeOneBackend(Duration howLong) throws IOException, InterruptedException {
    Optional<ProcessHandle> backend = oneBackend();
    if (backend.isEmpty()) {
      return Optional.of("no pool backend to freeze");
    }
    String pid = Long.toString(backend.get().pid());
    if (signal("-STOP", pid) != 0) {
      return Optional.of("kill -STOP failed");
    }
    try {
      Thread.sleep(howLong);
    } finally {
      signal("-CONT", pid);   // always: a stopped backend would block the next restart for good
    }
    return Optional.empty();
  }

  private static int signal(String signal, String pid) throws IOException, InterruptedException {
    return new ProcessBuilder("kill", signal, pid).redirectErrorStream(true).start().waitFor();
  }

  private Optional<String> cutLinks(int bytes) throws InterruptedException {
    proxy.cutAfter(bytes);
    try {
      Thread.sleep(500);
    } finally {
      proxy.cutAfter(-1);
    }
    return Optional.empty();
  }

  /** A random pool backend of this server, checked to be a child of its postmaster right now. */
  private Optional<ProcessHandle> oneBackend() {
    String pid = pg.psql("select pid " + POOL_BACKENDS + " limit 1").strip();
    if (pid.isEmpty()) {
      return Optional.empty();
    }
    long postmaster = pg.postmasterPid();
    return ProcessHandle.of(Long.parseLong(pid))
        .filter(p -> p.parent().map(ProcessHandle::pid).orElse(-1L) == postmaster);
  }

  /** The server running and the proxy and role without faults, whatever the last fault left. */
  private void restore() throws InterruptedException {
    clock.faultBegins();
    try {
      proxy.clearFaults();
      if (!pg.running()) {
        pg.start();
      }
      awaitServer();
      pg.psql("alter role " + role + " connection limit -1");
    } finally {
      clock.faultEnded();
    }
  }

  long injectedTotal() {
    return injected.total();
  }

  /** One line per kind: injected, skipped (with the last reason), and what the fault is. */
  String report() {
    StringBuilder b = new StringBuilder();
    for (FaultKind k : FaultKind.values()) {
      b.append(String.format("  %-13s %,6d injected %,5d skipped  %s%n", k, injected.get(k), skipped.get(k),
          k.description));
      synchronized (lastSkipReason) {
        if (lastSkipReason.containsKey(k)) {
          b.append("                last skip: ").append(lastSkipReason.get(k)).append('\n');
        }
      }
    }
    b.append(String.format("  backends terminated by pg_terminate_backend: %,d; faults injected with the pool idle: %,d%n",
        backendsTerminated, onIdlePool));
    return b.toString();
  }
}
