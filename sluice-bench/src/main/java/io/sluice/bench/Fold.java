package io.sluice.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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
  /** Where rows are printed ({@link Workload.Output}), or null; opened on the first value printed. */
  private final Path output;
  private Writer writer;
  private boolean rowStarted;

  /** A fold that prints nothing. */
  public Fold() {
    this(null);
  }

  /**
   * A fold that also prints each row as a line of tab-separated values to {@code output}, for the
   * values the driver passes through {@link #printed(long)} and {@link #printed(String)}.
   */
  public Fold(Path output) {
    this.output = output;
  }

  /** The file rows are printed to, or null: for a driver in another process, which prints itself. */
  public Path output() {
    return output;
  }

  /** Returns {@code value}, printed first when this fold prints rows. */
  public long printed(long value) {
    if (output != null) {
      print(Long.toString(value));
    }
    return value;
  }

  /** Returns {@code value}, printed first when this fold prints rows. */
  public String printed(String value) {
    if (output != null) {
      print(value == null ? "\\N" : value);
    }
    return value;
  }

  private void print(String text) {
    try {
      if (writer == null) {
        writer = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(output), StandardCharsets.UTF_8), 1 << 16);
      }
      if (rowStarted) {
        writer.write('\t');
      }
      writer.write(text);
      rowStarted = true;
    } catch (IOException e) {
      throw new UncheckedIOException("could not print a row to " + output, e);
    }
  }

  /** Writes out what was printed; the run is over. */
  public void finishOutput() {
    if (writer != null) {
      try {
        writer.close();
      } catch (IOException e) {
        throw new UncheckedIOException("could not print the rows to " + output, e);
      }
      writer = null;
    }
  }

  /** Adds one column value's canonical form ({@link Checksum}) to the current row. */
  public void add(long value) {
    row = (row ^ value) * GOLDEN;
  }

  /** Ends the current row: its hash joins the checksum. */
  public void endRow() {
    if (rowStarted) {
      try {
        writer.write('\n');
      } catch (IOException e) {
        throw new UncheckedIOException("could not print a row to " + output, e);
      }
      rowStarted = false;
    }
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
