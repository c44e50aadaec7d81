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
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
  /** The same rows one by one: the batch-insert case's statement. */
  public static final String INSERT_SQL = "insert into " + TABLE_IN + " (id, name, amount, at) values ($1, $2, $3, $4)";

  private static List<Object[]> rows;
  private static byte[] text;
  private static final Map<Long, byte[]> TEXTS = new HashMap<>();
  private static final Map<Long, Path> FILES = new HashMap<>();

  private CopyData() {}

  /** Row {@code i} (1-based) as Java values. */
  static Object[] row(long i) {
    return new Object[] {i, "name " + i + " " + Long.toHexString(i * 0x9E3779B97F4A7C15L),
        BigDecimal.valueOf((i * 7919) % 100_000_000, 2),
        OffsetDateTime.ofInstant(Instant.ofEpochSecond(946_684_800L + (i * 2654435761L) % 900_000_000L, (i % 1000) * 1000),
            ZoneOffset.UTC)};
  }

  /** All {@link #ROWS} rows as Java values, made once. */
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

  /** The first {@code n} rows as Java values. */
  public static List<Object[]> rows(long n) {
    return rows().subList(0, Math.toIntExact(checked(n)));
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

  /** The first {@code n} rows in COPY's text format. */
  public static synchronized byte[] text(long n) {
    if (checked(n) == ROWS) {
      return text();
    }
    return TEXTS.computeIfAbsent(n, k -> {
      byte[] all = text();
      int end = 0;
      for (long lines = 0; lines < k; end++) {
        if (all[end] == '\n') {
          lines++;
        }
      }
      return Arrays.copyOf(all, end);
    });
  }

  /** {@link #text()} in a temporary file (deleted when the JVM exits). */
  public static Path file() {
    return file(ROWS);
  }

  /** {@link #text(long)} in a temporary file (deleted when the JVM exits). */
  public static synchronized Path file(long n) {
    return FILES.computeIfAbsent(checked(n), k -> {
      try {
        Path f = Files.createTempFile("sluice-copy-in-" + k + "-", ".txt");
        f.toFile().deleteOnExit();
        Files.write(f, text(k));
        f.toFile().setReadable(true, false);
        return f;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  private static long checked(long n) {
    if (n < 1 || n > ROWS) {
      throw new IllegalArgumentException("the COPY data has 1 to " + ROWS + " rows, not " + n);
    }
    return n;
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
