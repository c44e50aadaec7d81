package io.sluice.soak;

import io.sluice.Pool;
import java.util.function.BooleanSupplier;

/**
 * What every worker shares: the pool, how many writers there are (for reads by writer), the
 * sample of acknowledged ids, when faults happen and when to hold off, the counters, the
 * violations and their rules, and the stop signal.
 */
record Crew(Pool pool, int writers, AcknowledgedIds acknowledged, FaultClock clock, Lull lull, FailureRules rules,
    Tally tally, Violations violations, BooleanSupplier stopped) {}
