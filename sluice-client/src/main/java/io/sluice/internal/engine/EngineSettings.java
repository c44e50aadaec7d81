package io.sluice.internal.engine;

import io.sluice.ConnectionConfig;
import io.sluice.internal.config.Keys;

/**
 * What the engine of one connection takes from the configuration, built in one place ({@link
 * #of}). Both waits are bounded: no call waits without bound.
 *
 * @param pipelineDepth requests in flight at once ({@code pipeline_depth}; 1: no pipelining)
 * @param statementCacheSize prepared statements kept ({@code statement_cache_size}; 0: none)
 * @param cancelTimeoutNanos how long a cancelled statement may take to end before the connection
 *     closes ({@code cancel_timeout})
 * @param pinTimeoutNanos how long a statement without a deadline waits for another thread's turn
 *     on the connection ({@code pin_timeout})
 */
public record EngineSettings(int pipelineDepth, int statementCacheSize, long cancelTimeoutNanos,
    long pinTimeoutNanos) {

  /**
   * For a session's own one-off commands (the {@code target_session_attrs} check, a replication
   * session's commands): one request at a time, no statement cache, the default waits.
   */
  public static final EngineSettings ONE_AT_A_TIME = new EngineSettings(1, 0,
      Keys.CANCEL_TIMEOUT.fallback().toNanos(), Keys.PIN_TIMEOUT.fallback().toNanos());

  public EngineSettings {
    if (pipelineDepth < 1 || statementCacheSize < 0 || cancelTimeoutNanos <= 0 || pinTimeoutNanos <= 0) {
      throw new IllegalArgumentException("engine settings out of range: " + pipelineDepth + ", "
          + statementCacheSize + ", " + cancelTimeoutNanos + " ns, " + pinTimeoutNanos + " ns");
    }
  }

  /** The settings of connections made with {@code c}. */
  public static EngineSettings of(ConnectionConfig c) {
    // cancel_timeout=0 (no limit) still closes a connection whose cancelled statement has not
    // ended after the default, as the engine always did: the engine never waits without bound
    long cancel = c.cancelTimeout().orElse(Keys.CANCEL_TIMEOUT.fallback()).toNanos();
    // behind a pooler that shares server sessions, statements are parsed where they run (docs/poolers.md)
    int cache = c.poolerMode().sharesSessions() ? 0 : c.statementCacheSize();
    return new EngineSettings(c.pipelineDepth(), cache, cancel, c.pinTimeout().toNanos());
  }
}
