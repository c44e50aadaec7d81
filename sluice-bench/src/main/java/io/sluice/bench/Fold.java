package io.sluice.bench;

/**
 * Folds the rows of one run into a row count and a checksum.
 *
 * <p>Within a row the fold depends on column order; across rows it is a sum, so it does not depend
 * on row order (concurrent point queries finish in any order) and two partial folds merge by
 * adding. Not thread-safe: one per thread, {@link #merge merged} at the end.
 */
public final class Fold {
  private static final long ROW_SEED = 0x2545F4914F6CDD1DL;
  /** 2^64 divided by the golden ratio: an odd multiplier that spreads bits (Fibonacci hashing). */
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private long rows;
  private long sum;
  private long row = ROW_SEED;

  /** Adds one column value's canonical form ({@link Checksum}) to the current row. */
  public void add(long value) {
    row = (row ^ value) * GOLDEN;
  }

  /** Ends the current row: its hash joins the checksum. */
  public void endRow() {
    sum += mix(row);
    rows++;
    row = ROW_SEED;
  }

  /** Counts a row whose columns were not read (the "touch no columns" mode). */
  public void countRow() {
    rows++;
  }

  /** Adds rows folded elsewhere (a client in another process) with the same algorithm. */
  public void absorb(long rowCount, long checksum) {
    rows += rowCount;
    sum += checksum;
  }

  public void merge(Fold other) {
    rows += other.rows;
    sum += other.sum;
  }

  public long rows() {
    return rows;
  }

  public long checksum() {
    return sum;
  }

  /** MurmurHash3's 64-bit finaliser: every input bit affects every output bit. */
  static long mix(long h) {
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb93fe53a87cdL;
    h ^= h >>> 33;
    return h;
  }
}
