package io.sluice.soak;

import java.util.Random;

/** The faults the soak injects, with how often each is drawn (weights) and what it does. */
enum FaultKind {
  RESTART(1, true, "pg_ctl restart -m fast: every session gets FATAL 57P01, then refusals (57P03) while starting"),
  TERMINATE(3, true, "pg_terminate_backend of 1 to 4 random pool backends (FATAL 57P01, unread while idle)"),
  KILL_BACKEND(1, true, "kill -9 of one pool backend: the postmaster ends every backend (57P02) and recovers"),
  FREEZE(1, false, "kill -STOP of one pool backend for 1 to 7 s (past the query timeout half the time), then -CONT"),
  RESET_LINKS(3, true, "a TCP reset of every link through the proxy"),
  CUT_LINKS(2, false, "every link closed after 0 to 4 KiB more from the server, mid-message, for 0.5 s"),
  LIMIT_ROLE(1, false, "the pool's role limited to 1 to 4 connections for 1 to 4 s and 2 of its backends terminated:"
      + " its new connections get 53300");

  final int weight;
  /** Whether it means something with the pool idle ({@link Lull}): the others act on traffic. */
  final boolean hitsIdleConnections;
  final String description;

  FaultKind(int weight, boolean hitsIdleConnections, String description) {
    this.weight = weight;
    this.hitsIdleConnections = hitsIdleConnections;
    this.description = description;
  }

  static FaultKind draw(Random random) {
    int total = 0;
    for (FaultKind k : values()) {
      total += k.weight;
    }
    int n = random.nextInt(total);
    for (FaultKind k : values()) {
      n -= k.weight;
      if (n < 0) {
        return k;
      }
    }
    throw new AssertionError("weights");
  }
}
