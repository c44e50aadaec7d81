package io.sluice.soak;

import java.util.Map;

/** The text printed after a run: the plan, the counts, the faults, the audit and the violations. */
final class SoakSummary {
  private SoakSummary() {}

  static String of(SoakPlan plan, SoakRun run) {
    StringBuilder b = new StringBuilder();
    b.append(String.format("=== sluice soak: %d threads, faults for %s (mean gap %s, seed %d), quiet %s ===%n",
        plan.threads(), run.faultPhaseTook, plan.faultGap(), plan.seed(), plan.quietPhase()));
    Tally t = run.tally;
    b.append(String.format("calls %,d (%,d with no fault near); reads %,d ok, %,d failed, %,d rows read;"
        + " writes %,d calls%n", t.calls.sum(), t.faultFreeCalls.sum(), t.readsOk.sum(), t.readsFailed.sum(), t.rowsRead.sum(), t.writeCalls()));
    b.append("writes by outcome         calls       rows   in table     absent\n");
    for (WriteOutcome o : WriteOutcome.values()) {
      b.append(String.format("  %-18s %,10d %,10d %10s %10s%n", o, t.writeCalls(o), t.writeRows(o),
          audited(run, o, true), audited(run, o, false)));
    }
    if (run.audit != null) {
      b.append(String.format("rows in table %,d; writes checked %,d%n", run.audit.rowsInTable(),
          run.audit.writesChecked()));
    }
    if (run.injector != null) {
      b.append(String.format("faults injected: %,d%n", run.injector.injectedTotal())).append(run.injector.report());
    }
    b.append("pool back to its minimum after ").append(run.recoveryTook).append("; at the end: ")
        .append(run.finalStats).append('\n');
    b.append("calls failed with UNKNOWN, by when they began: ").append(t.unknownByCalm()).append('\n');
    b.append("failed calls by reason:\n");
    for (Map.Entry<String, Long> e : t.failures().entrySet()) {
      b.append(String.format("  %,8d  %s%n", e.getValue(), e.getKey()));
    }
    b.append(String.format("violations: %,d%n", run.violations.total())).append(run.violations.report());
    return b.toString();
  }

  private static String audited(SoakRun run, WriteOutcome o, boolean present) {
    return run.audit == null ? "?" : String.format("%,d", run.audit.count(o, present));
  }
}
