package io.sluice.spring.boot;

import io.sluice.PoolOptions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Sluice's own settings, {@code spring.sluice.*}. The server (URL, user, password) stays where
 * Spring Boot keeps it, {@code spring.datasource.*}; these add what only Sluice has. Each
 * connection setting is the Sluice connection parameter of the same meaning (docs/connection-parameters.md),
 * and applies to the JDBC connections and to the {@link io.sluice.Pool} bean alike.
 */
@ConfigurationProperties("spring.sluice")
public class SluiceProperties {

  /** Which pool serves the DataSource: Sluice's own, or HikariCP when it is on the class path. */
  public enum JdbcPool {
    /** io.sluice.Pool behind a SluicePoolDataSource, the same pool as the Pool bean. */
    SLUICE,
    /** HikariCP over sluice-jdbc, configured with spring.datasource.hikari.*, beside a Pool bean of its own. */
    HIKARI
  }

  /**
   * The pool behind the DataSource. Unset: HikariCP when it is on the class path, else Sluice's own
   * pool.
   */
  private JdbcPool jdbcPool;

  /** Statements kept prepared per connection (statement_cache_size); 0 uses unnamed statements only, for PgBouncer in transaction mode. */
  private Integer statementCacheSize;

  /** Requests in flight per connection (pipeline_depth); 1 turns pipelining off. */
  private Integer pipelineDepth;

  /** How long each statement may run before Sluice cancels it (query_timeout); unset or 0 for no limit. */
  private Duration queryTimeout;

  /** How long the server gets to end a cancelled statement before the connection is closed (cancel_timeout). */
  private Duration cancelTimeout;

  /** How long a statement waits for another thread's transaction or pinned session on a shared connection (pin_timeout). */
  private Duration pinTimeout;

  /** How long one connection attempt to one host may take (connect_timeout, whole seconds). */
  private Duration connectTimeout;

  /** The largest message accepted from the server (max_message_size); a larger one closes the connection. */
  private DataSize maxMessageSize;

  /** Any other Sluice or libpq connection parameter, by its own name (e.g. target_session_attrs: read-write). */
  private Map<String, String> parameters = new LinkedHashMap<>();

  private final Pool pool = new Pool();

  /**
   * The io.sluice.Pool bean (and the DataSource when jdbc-pool is sluice): sizes and timings, as
   * io.sluice.PoolOptions. The defaults are PoolOptions.DEFAULT's, written as literals so that the
   * configuration processor can show them (SluicePropertiesTest checks that they agree).
   */
  public static class Pool {
    /** Whether to define the io.sluice.Pool bean. */
    private boolean enabled = true;

    /** Connections kept open even when idle. */
    private int minSize = 1;

    /** Connections at most. */
    private int maxSize = 10;

    /** How long a caller waits for a connection when all are taken. */
    private Duration acquireTimeout = Duration.ofSeconds(30);

    /** Callers that may wait at once; one more fails at once. */
    private int maxWaiters = 10_000;

    /** A connection is retired after this long (less a random tenth); 0 for never. */
    private Duration maxLifetime = Duration.ofMinutes(30);

    /** A connection idle this long is closed, down to min-size; 0 for never. */
    private Duration idleTimeout = Duration.ofMinutes(10);

    /** A connection idle longer than this is checked with an empty query before it is handed out. */
    private Duration validateAfterIdle = Duration.ofSeconds(5);

    /** A connection borrowed longer than this is reported with the borrower's stack; 0 turns it off. */
    private Duration leakThreshold = Duration.ZERO;

    /** How long closing the pool lets running work finish. */
    private Duration closeTimeout = Duration.ofSeconds(30);

    PoolOptions options() {
      return new PoolOptions(minSize, maxSize, acquireTimeout, maxWaiters, maxLifetime, idleTimeout,
          validateAfterIdle, leakThreshold, closeTimeout);
    }

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public int getMinSize() {
      return minSize;
    }

    public void setMinSize(int minSize) {
      this.minSize = minSize;
    }

    public int getMaxSize() {
      return maxSize;
    }

    public void setMaxSize(int maxSize) {
      this.maxSize = maxSize;
    }

    public Duration getAcquireTimeout() {
      return acquireTimeout;
    }

    public void setAcquireTimeout(Duration acquireTimeout) {
      this.acquireTimeout = acquireTimeout;
    }

    public int getMaxWaiters() {
      return maxWaiters;
    }

    public void setMaxWaiters(int maxWaiters) {
      this.maxWaiters = maxWaiters;
    }

    public Duration getMaxLifetime() {
      return maxLifetime;
    }

    public void setMaxLifetime(Duration maxLifetime) {
      this.maxLifetime = maxLifetime;
    }

    public Duration getIdleTimeout() {
      return idleTimeout;
    }

    public void setIdleTimeout(Duration idleTimeout) {
      this.idleTimeout = idleTimeout;
    }

    public Duration getValidateAfterIdle() {
      return validateAfterIdle;
    }

    public void setValidateAfterIdle(Duration validateAfterIdle) {
      this.validateAfterIdle = validateAfterIdle;
    }

    public Duration getLeakThreshold() {
      return leakThreshold;
    }

    public void setLeakThreshold(Duration leakThreshold) {
      this.leakThreshold = leakThreshold;
    }

    public Duration getCloseTimeout() {
      return closeTimeout;
    }

    public void setCloseTimeout(Duration closeTimeout) {
      this.closeTimeout = closeTimeout;
    }
  }

  /**
   * The connection parameters these settings stand for, by their Sluice names, {@link #parameters}
   * last (so a name given there wins).
   */
  Map<String, String> connectionParameters() {
    Map<String, String> out = new LinkedHashMap<>();
    putIfSet(out, "statement_cache_size", statementCacheSize);
    putIfSet(out, "pipeline_depth", pipelineDepth);
    putIfSet(out, "query_timeout", seconds(queryTimeout));
    putIfSet(out, "cancel_timeout", seconds(cancelTimeout));
    putIfSet(out, "pin_timeout", seconds(pinTimeout));
    putIfSet(out, "connect_timeout", connectTimeout == null ? null : connectTimeout.toSeconds());
    putIfSet(out, "max_message_size", maxMessageSize == null ? null : maxMessageSize.toBytes());
    out.putAll(parameters);
    return out;
  }

  private static void putIfSet(Map<String, String> out, String name, Object value) {
    if (value != null) {
      out.put(name, value.toString());
    }
  }

  /** Seconds with a decimal fraction, as Sluice's timeout parameters take them (1.5 for 1500 ms). */
  private static String seconds(Duration d) {
    return d == null ? null : java.math.BigDecimal.valueOf(d.toNanos(), 9).stripTrailingZeros().toPlainString();
  }

  public JdbcPool getJdbcPool() {
    return jdbcPool;
  }

  public void setJdbcPool(JdbcPool jdbcPool) {
    this.jdbcPool = jdbcPool;
  }

  public Integer getStatementCacheSize() {
    return statementCacheSize;
  }

  public void setStatementCacheSize(Integer statementCacheSize) {
    this.statementCacheSize = statementCacheSize;
  }

  public Integer getPipelineDepth() {
    return pipelineDepth;
  }

  public void setPipelineDepth(Integer pipelineDepth) {
    this.pipelineDepth = pipelineDepth;
  }

  public Duration getQueryTimeout() {
    return queryTimeout;
  }

  public void setQueryTimeout(Duration queryTimeout) {
    this.queryTimeout = queryTimeout;
  }

  public Duration getCancelTimeout() {
    return cancelTimeout;
  }

  public void setCancelTimeout(Duration cancelTimeout) {
    this.cancelTimeout = cancelTimeout;
  }

  public Duration getPinTimeout() {
    return pinTimeout;
  }

  public void setPinTimeout(Duration pinTimeout) {
    this.pinTimeout = pinTimeout;
  }

  public Duration getConnectTimeout() {
    return connectTimeout;
  }

  public void setConnectTimeout(Duration connectTimeout) {
    this.connectTimeout = connectTimeout;
  }

  public DataSize getMaxMessageSize() {
    return maxMessageSize;
  }

  public void setMaxMessageSize(DataSize maxMessageSize) {
    this.maxMessageSize = maxMessageSize;
  }

  public Map<String, String> getParameters() {
    return parameters;
  }

  public void setParameters(Map<String, String> parameters) {
    this.parameters = parameters;
  }

  public Pool getPool() {
    return pool;
  }
}
