package io.sluice.soak;

import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.PoolStats;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One soak run, in phases: workers and faults for the plan's duration; faults stop and the pool
 * must be back at its minimum within a bound; a quiet phase, where (as between faults) every call
 * must succeed;
 * workers stop and must all end; the pool must hold nothing; then the table is audited against
 * the ledgers. Everything it finds goes to its {@link Violations}.
 */
final class SoakRun {
  private final SoakPlan plan;
  private final PostgresServer pg;
  private final FaultProxy proxy;
  private final Pool pool;
  final Violations violations = new Violations();
  final Tally tally = new Tally();
  private final AcknowledgedIds acknowledged = new AcknowledgedIds();
  private final List<WriteLog> logs = new ArrayList<>();
  private final FaultClock clock = new FaultClock();
  private final Lull lull = new Lull();
  private volatile boolean stopped;
  FaultInjector injector;
  TableAudit audit;
  Duration faultPhaseTook;
  Duration recoveryTook;
  PoolStats finalStats;

  SoakRun(SoakPlan plan, PostgresServer pg, FaultProxy proxy, Pool pool) {
    this.plan = plan;
    this.pg = pg;
    this.proxy = proxy;
    this.pool = pool;
  }

  void run() throws InterruptedException {
    List<Thread> workers = new ArrayList<>();
    try (Watchdog watchdog = new Watchdog(plan.callBound(), violations)) {
      try {
        Crew crew = new Crew(pool, plan.threads(), acknowledged, clock, lull,
            new FailureRules(clock, violations, SoakPlan.ACQUIRE_TIMEOUT), tally, violations, () -> stopped);
        for (int w = 1; w <= plan.threads(); w++) {
          WriteLog log = new WriteLog(w);
          logs.add(log);
          workers.add(new Worker(crew, log).start(watchdog));
        }
        injectFaults();
        awaitMinimum();
        Thread.sleep(plan.quietPhase());
      } finally {
        stopped = true;   // also when the run fails: no worker may outlive it
        lull.end();
      }
      for (Thread t : workers) {
        if (!t.join(plan.callBound())) {
          violations.add(Violations.Kind.THREAD_DID_NOT_FINISH, t.getName() + " at:\n" + Watchdog.stack(t));
        }
      }
    }
    checkSettled(pool.stats());
    audit = new TableAudit(logs, violations);
    try (Connection c = Connection.open(SoakPlan.directUrl(pg))) {
      audit.run(c);
    }
  }

  private void injectFaults() throws InterruptedException {
    long start = System.nanoTime();
    injector = new FaultInjector(pg, proxy, SoakPlan.POOL_ROLE, clock, lull, plan.callBound(), plan.seed(),
        plan.faultGap());
    try {
      injector.runUntil(start + plan.faultPhase().toNanos());
    } finally {
      faultPhaseTook = Duration.ofNanos(System.nanoTime() - start);
    }
  }

  /** The pool refills to its minimum by itself once the faults stop, within {@link SoakPlan#RECOVERY_BOUND}. */
  private void awaitMinimum() throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + SoakPlan.RECOVERY_BOUND.toNanos();
    while (pool.stats().open() < SoakPlan.POOL_MIN && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    recoveryTook = Duration.ofNanos(System.nanoTime() - start);
    PoolStats s = pool.stats();
    if (s.open() < SoakPlan.POOL_MIN) {
      violations.add(Violations.Kind.POOL_NOT_BACK_TO_MINIMUM, SoakPlan.RECOVERY_BOUND.toSeconds()
          + " s after the last fault: " + s);
    }
  }

  /** Every worker has ended: nothing may still be borrowed, running or waiting, and the size must be in bounds. */
  private void checkSettled(PoolStats s) {
    finalStats = s;
    if (s.borrowed() != 0 || s.inFlight() != 0 || s.waiting() != 0 || s.open() > SoakPlan.POOL_MAX
        || s.open() < SoakPlan.POOL_MIN) {
      violations.add(Violations.Kind.POOL_NOT_SETTLED, s.toString());
    }
  }
}
