package io.sluice.internal.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * What the thread holding a connection has deferred to the front of its next request: its
 * transaction's {@code BEGIN} while no statement has carried it yet, and a {@code SAVEPOINT} the
 * JDBC driver sets before each statement of a transaction under pgjdbc's {@code autosave}. Both
 * are written in the request's own exchange (no Sync between them), so that neither costs a round
 * trip and, should one fail, the server skips the request. {@code BEGIN} comes first.
 */
record Prelude(String begin, String savepoint) {
  /** How many statements the prelude writes. */
  int statements() {
    return (begin != null ? 1 : 0) + (savepoint != null ? 1 : 0);
  }

  /** Its statements in the order they are written. */
  List<String> sql() {
    List<String> out = new ArrayList<>(2);
    if (begin != null) {
      out.add(begin);
    }
    if (savepoint != null) {
      out.add(savepoint);
    }
    return out;
  }

  /** As one simple query, when it runs alone before a request it cannot go in front of. */
  String joined() {
    return String.join("; ", sql());
  }
}
