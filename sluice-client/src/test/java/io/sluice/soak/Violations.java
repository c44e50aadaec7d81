package io.sluice.soak;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Broken promises found during and after the run: a count per kind and the first few cases in full. */
final class Violations {
  private static final int EXAMPLES_PER_KIND = 3;

  enum Kind {
    ACKNOWLEDGED_WRITE_MISSING("an acknowledged write is not in the table"),
    NOT_SENT_WRITE_PRESENT("a write reported NOT_SENT is in the table"),
    SERVER_ERROR_WRITE_PRESENT("a write reported SERVER_ERROR (ran and rolled back) is in the table"),
    TORN_TRANSACTION("one row of a two-row transaction is in the table, the other is not"),
    PHANTOM_ROW("a row in the table that no writer tried to insert, or with the wrong writer"),
    CROSSED_ROW("a read returned a row other than the one it asked for"),
    ACKNOWLEDGED_ROW_NOT_VISIBLE("a point read found no row for an id whose insert was acknowledged"),
    WRONG_ROW_COUNT("an insert was acknowledged with a row count other than 1"),
    NON_SLUICE_EXCEPTION("the API threw something that is not a SluiceException"),
    STUCK_CALL("a call ran past the bound of acquire + 3 x query + connect timeouts + slack"),
    THREAD_DID_NOT_FINISH("a worker did not end within the call bound once told to stop"),
    POOL_NOT_BACK_TO_MINIMUM("the pool was not back to its minimum size in time once faults stopped"),
    POOL_NOT_SETTLED("after the run, the pool still counts borrowed, in-flight or waiting work, or is past its maximum"),
    UNKNOWN_ON_DEAD_CONNECTION("a call begun after the last fault had done its damage failed with UNKNOWN: it was"
        + " written to a connection already dead, instead of another one (issue 17, section 4)"),
    ACQUIRE_TIMEOUT_WITHOUT_FAULT("a call with no fault near it timed out waiting for a pooled connection"),
    FAILURE_WITHOUT_FAULT("a call with no fault near it failed otherwise"),
    REFUSED_WITHOUT_WAITING("a call failed with 53300 (too many connections) before its acquire timeout, instead of"
        + " waiting for the connections the pool has (issue 17, section 4)");

    final String description;

    Kind(String description) {
      this.description = description;
    }
  }

  private final EnumCounts<Kind> counts = new EnumCounts<>(Kind.class);
  private final Map<Kind, List<String>> examples = new EnumMap<>(Kind.class);

  void add(Kind kind, String detail) {
    counts.increment(kind);
    synchronized (examples) {
      List<String> list = examples.computeIfAbsent(kind, k -> new ArrayList<>());
      if (list.size() < EXAMPLES_PER_KIND) {
        list.add(detail);
      }
    }
  }

  long count(Kind kind) {
    return counts.get(kind);
  }

  long total() {
    return counts.total();
  }

  /** One line per kind found, with its description and first examples. */
  String report() {
    StringBuilder b = new StringBuilder();
    for (Kind k : Kind.values()) {
      long n = count(k);
      if (n == 0) {
        continue;
      }
      b.append(String.format("  %-28s %,10d  %s%n", k, n, k.description));
      synchronized (examples) {
        for (String e : examples.getOrDefault(k, List.of())) {
          b.append("      e.g. ").append(e.replace("\n", "\n           ")).append('\n');
        }
      }
    }
    return b.isEmpty() ? "  none\n" : b.toString();
  }
}
