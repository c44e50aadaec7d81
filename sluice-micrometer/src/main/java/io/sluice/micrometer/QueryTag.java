package io.sluice.micrometer;

/**
 * Whether statement timers carry a {@code query} tag, and what it holds. Off by default: each
 * distinct value is a time series of its own, which a metrics backend pays for.
 */
public enum QueryTag {
  /** No query tag: statements are told apart by outcome only. */
  NONE,
  /**
   * The statement's query summary ({@code SELECT orders}: operations and tables, never literals,
   * as OpenTelemetry's {@code db.query.summary}), few distinct values for most applications.
   */
  SUMMARY,
  /** The SQL text as given ({@code $n} placeholders, never parameter values): one series per statement. */
  TEXT
}
