package io.sluice.jdbc.internal;

import io.sluice.protocol.ErrorFields;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The server's notices on a connection, as {@link SQLWarning}s: the connection's chain, and the
 * part of it a statement's execution added ({@link #mark()} before, {@link #chain(int)} after).
 * Bounded: past {@value #MAX} warnings the oldest go, so that a chatty server never fills memory.
 * A connection shared between threads in auto-commit mode gets each notice once, on the chain of
 * whichever statements ran while it arrived.
 */
final class ConnectionWarnings {
  static final int MAX = 1000;
  private final List<SQLWarning> list = new ArrayList<>();
  /** How many warnings were ever added; marks count from it, so that trimming keeps them valid. */
  private volatile long added;

  /**
   * A server notice: its message alone, without the severity in front, as pgjdbc's {@code
   * PSQLWarning.getMessage()} returns it (the {@code M} field: protocol docs, "Error and Notice Message Fields").
   */
  synchronized void add(Map<Character, String> fields) {
    String state = fields.getOrDefault(ErrorFields.SQLSTATE, "01000");
    add(new SQLWarning(fields.getOrDefault(ErrorFields.MESSAGE, ""), state));
  }

  /**
   * A warning of the driver's own (not a server notice). Each warning is linked to the one before
   * it as it arrives: a chain handed out is live, so that a reader on another thread sees the
   * notices of a statement still running, in order (pgjdbc's StatementTest
   * concurrentWarningReadAndClear). The link is {@link SQLWarning#setNextWarning} on the last one,
   * which is a compare-and-set of a volatile field.
   */
  synchronized void add(SQLWarning w) {
    if (!list.isEmpty()) {
      list.get(list.size() - 1).setNextWarning(w);
    }
    list.add(w);
    added++;
    if (list.size() > MAX) {
      list.remove(0);
    }
  }

  /** Where the chain stands now; read by every statement, so it takes no lock. */
  long mark() {
    return added;
  }

  /**
   * The first warning added since {@code mark}, the rest chained behind it (and those still to
   * come, as they arrive); null when there is none. The same object each time it is asked.
   */
  synchronized SQLWarning chain(long mark) {
    long first = added - list.size();
    int i = (int) Math.max(0, mark - first);
    return i < list.size() ? list.get(i) : null;
  }

  synchronized void clear() {
    list.clear();
  }
}
