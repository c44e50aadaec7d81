package io.sluice.bench;

/**
 * The PostgreSQL column types the workloads return. Each driver reads a column of a type with the
 * typed getter for it (the one a careful application would call) and folds the value's canonical
 * form (see {@link Checksum}) into the run's checksum.
 */
public enum ColumnType {
  INT4,
  INT8,
  FLOAT8,
  /** {@code numeric(p,s)}: read as {@link java.math.BigDecimal}. */
  NUMERIC,
  TEXT,
  BOOL,
  DATE,
  TIMESTAMPTZ,
  UUID
}
