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

  /**
   * Whether this interface runs compiled-ahead code (a C program, psql): its warm-up need not wait
   * for a JIT ({@link Warmup#forCompiledCode}). JVM and JavaScript interfaces keep the full rule.
   */
  default boolean compiledAhead() {
    return false;
  }

  /** Whether this driver runs {@code workload}; by default queries (bulk and point), not COPY. */
  default boolean supports(Workload workload) {
    return switch (workload.kind()) {
      case BULK, POINT_SEQUENTIAL, POINT_CONCURRENT -> true;
      default -> false;
    };
  }

  /** One execution of {@code workload}. */
  void run(Workload workload, Fold fold) throws Exception;

  /**
   * For a driver whose client runs in another process (libpq in C, {@code psql}): what the last
   * {@link #run} cost that process, measured by the process itself or by its parent, since the JVM's
   * own clocks only see the waiting. {@code null} (the default) means: measure this JVM.
   */
  default Timing lastTiming() {
    return null;
  }

  /**
   * The cost of one run in a client process other than this JVM.
   *
   * @param wallNanos elapsed time of the work, connecting excluded unless the workload connects per
   *     query
   * @param cpuNanos user + system CPU time of the client process over the same work
   */
  record Timing(long wallNanos, long cpuNanos) {}

  @Override
  void close() throws Exception;
}
