package io.sluice.event;

import java.util.List;

/**
 * A batch ({@code Connection.batch()}) is about to run, on the caller's thread.
 *
 * @param connection the session it runs on
 * @param sqls the SQL text of each statement, in order (never with parameter values)
 * @param atomic true for {@code runAtomic()} (one implicit transaction), false for {@code run()}
 */
public record BatchStart(ConnectionInfo connection, List<String> sqls, boolean atomic) {
  public BatchStart {
    sqls = List.copyOf(sqls);
  }

  /** How many statements the batch holds. */
  public int statements() {
    return sqls.size();
  }
}
