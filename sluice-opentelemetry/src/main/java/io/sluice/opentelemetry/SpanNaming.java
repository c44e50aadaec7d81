package io.sluice.opentelemetry;

/**
 * How a statement's span is named. OpenTelemetry's database conventions (docs/db/database-spans.md,
 * "Name") ask for {@code db.query.summary} when there is one, else {@code db.system.name}.
 */
public enum SpanNaming {
  /** The statement's query summary ({@code SELECT bench.t}), or {@code postgresql} for an empty one. */
  QUERY_SUMMARY,
  /** Always {@code postgresql}: the fewest distinct names, for backends that group by span name. */
  SYSTEM;

  /** The span name for a statement whose summary is {@code summary}. */
  String name(String summary) {
    return this == QUERY_SUMMARY && !summary.isEmpty() ? summary : DbAttributes.POSTGRESQL;
  }
}
