package io.sluice.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The COPY workloads' data: a million rows made once per JVM, as Java values (for Sluice's
 * {@code fromRows}) and as the same rows pre-formatted in COPY's text format (for pgjdbc's
 * CopyManager, libpq and psql, in memory and in a file).
 */
public final class CopyData {
  public static final int ROWS = 1_000_000;
  public static final String TABLE_IN = "bench.c1m_in";
  public static final List<String> COLUMNS = List.of("id", "name", "amount", "at");
  public static final String TRUNCATE = "truncate " + TABLE_IN;
  public static final String COPY_IN_SQL = "copy " + TABLE_IN + " (id, name, amount, at) from stdin";

  private static List<Object[]> rows;
  private static byte[] text;
  private static Path file;

  private CopyData() {}

  /** Row {@code i} (1-based) as Java values. */
  static Object[] row(long i) {
    return new Object[] {i, "name " + i + " " + Long.toHexString(i * 0x9E3779B97F4A7C15L),
        BigDecimal.valueOf((i * 7919) % 100_000_000, 2),
        OffsetDateTime.ofInstant(Instant.ofEpochSecond(946_684_800L + (i * 2654435761L) % 900_000_000L, (i % 1000) * 1000),
            ZoneOffset.UTC)};
  }

  public static synchronized List<Object[]> rows() {
    if (rows == null) {
      List<Object[]> r = new ArrayList<>(ROWS);
      for (long i = 1; i <= ROWS; i++) {
        r.add(row(i));
      }
      rows = r;
    }
    return rows;
  }

  /** The rows in COPY's text format (no value needs escaping). */
  public static synchronized byte[] text() {
    if (text == null) {
      StringBuilder b = new StringBuilder(ROWS * 90);
      for (Object[] r : rows()) {
        b.append(r[0]).append('\t').append(r[1]).append('\t').append(((BigDecimal) r[2]).toPlainString()).append('\t')
            .append(r[3]).append('\n');
      }
      text = b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    return text;
  }

  /** {@link #text()} in a temporary file (deleted when the JVM exits). */
  public static synchronized Path file() {
    if (file == null) {
      try {
        Path f = Files.createTempFile("sluice-copy-in", ".txt");
        f.toFile().deleteOnExit();
        Files.write(f, text());
        f.toFile().setReadable(true, false);
        file = f;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return file;
  }

  /** Counts the lines and bytes of COPY output; folded as (lines, bytes) so every interface must agree. */
  public static final class Counter extends OutputStream {
    private long lines;
    private long bytes;

    @Override
    public void write(int b) {
      bytes++;
      if (b == '\n') {
        lines++;
      }
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          lines++;
        }
      }
    }

    public void foldInto(Fold fold) {
      fold.absorb(lines, bytes);
    }
  }
}
