package io.sluice.bench;

/**
 * One way of talking to PostgreSQL: a client library with particular settings. A driver opens its
 * connections when made and keeps them until {@link #close()}; connecting is never measured.
 *
 * <p>{@link #run} must read every row, and with {@link Workload#touchColumns()} every value with
 * the getter for its {@link ColumnType}, folding each into the {@link Fold} (see {@link Checksum}).
 * Drivers must not cache results: each run asks the server again.
 */
public interface Driver extends AutoCloseable {

  /** The name in {@code --drivers} and in the report. */
  String name();

  /** Library, version and settings, for the report. */
  String description();

  /**
   * Unmeasured set-up before a workload's first warm-up (a pool, a statement past a preparation
   * threshold). Does nothing by default.
   */
  default void prepare(Workload workload) throws Exception {}

  /** One execution of {@code workload}. */
  void run(Workload workload, Fold fold) throws Exception;

  @Override
  void close() throws Exception;
}
