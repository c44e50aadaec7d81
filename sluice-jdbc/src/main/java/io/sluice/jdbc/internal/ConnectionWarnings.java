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

  /** A warning of the driver's own (not a server notice). */
  synchronized void add(SQLWarning w) {
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

  /** The warnings added since {@code mark}, chained; null when there are none. */
  synchronized SQLWarning chain(long mark) {
    long first = added - list.size();
    SQLWarning head = null;
    SQLWarning tail = null;
    for (int i = (int) Math.max(0, mark - first); i < list.size(); i++) {
      SQLWarning w = new SQLWarning(list.get(i).getMessage(), list.get(i).getSQLState());
      if (head == null) {
        head = w;
      } else {
        tail.setNextWarning(w);
      }
      tail = w;
    }
    return head;
  }

  synchronized void clear() {
    list.clear();
  }
}
