package io.sluice.bench.drivers;

import io.sluice.bench.Checksum;
import io.sluice.bench.ColumnType;
import io.sluice.bench.CopyData;
import io.sluice.bench.Driver;
import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * {@code psql}, as seed 003 runs it: one process per execution reading a script on stdin (the
 * statement, or one {@code SELECT} per point query), its unaligned text output parsed here and
 * folded into the same checksum as the other drivers. Its time is the whole process (start,
 * connect, work, exit) and its CPU the process's own user + system time, measured by the lab's C
 * launcher with {@code wait4}.
 */
public final class PsqlDriver implements Driver {
  private static final String NULL = "\u0001null";
  private static final char FIELD = '\u001f';
  private static final DateTimeFormatter TIMESTAMPTZ = new DateTimeFormatterBuilder()
      .appendPattern("yyyy-MM-dd HH:mm:ss").optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 6, true)
      .optionalEnd().appendOffset("+HH:mm", "+00").toFormatter();

  private final Target target;
  private final Path launcher;
  private final String version;
  private Timing last;

  private PsqlDriver(Target target, Path launcher, String version) {
    this.target = target;
    this.launcher = launcher;
    this.version = version;
  }

  public static PsqlDriver open(Target target) throws DriverUnavailable {
    String version;
    try {
      version = LibpqDriver.run(List.of("psql", "--version"), null).strip();
    } catch (IOException | InterruptedException e) {
      throw new DriverUnavailable("psql is not installed (Debian package postgresql-client)");
    }
    return new PsqlDriver(target, LibpqDriver.compiled(), version);
  }

  @Override
  public boolean compiledAhead() {
    return true;
  }

  @Override
  public String name() {
    return "psql";
  }

  @Override
  public String description() {
    return version + ", -X -A -t, a script on stdin (one SELECT per point query, simple protocol, text);"
        + " time and CPU of the whole process, starting and connecting included";
  }

  @Override
  public boolean supports(Workload w) {
    // psql's bulk read already prints every row (to the pipe the lab reads): no separate print cases
    return w.output() == Workload.Output.NONE && switch (w.kind()) {
      case BULK, POINT_SEQUENTIAL, POINT_CONCURRENT, POINT_CONNECT, COPY_OUT, COPY_IN -> true;
      default -> false;   // no pool, no prepared-statement API, and seed 002's writes are not psql's job
    };
  }

  @Override
  public void prepare(Workload w) {
    if (w.kind() == Workload.Kind.COPY_IN) {
      CopyData.file(w.expectedRows());
    }
  }

  @Override
  public void run(Workload w, Fold fold) throws Exception {
    StringBuilder script = new StringBuilder();
    if (w.kind() == Workload.Kind.COPY_IN) {
      // \copy: psql reads the file and sends it; not quiet, so that it prints "COPY n"
      script.append(CopyData.TRUNCATE).append(";\n\\copy ").append(CopyData.TABLE_IN).append(" (")
          .append(String.join(", ", CopyData.COLUMNS)).append(") from '").append(CopyData.file(w.expectedRows())).append("'\n");
    } else if (w.kind() == Workload.Kind.BULK || w.kind() == Workload.Kind.COPY_OUT) {
      script.append(w.sql()).append(";\n");
    } else {
      String[] parts = w.sql().split("\\$1", -1);
      for (int i = 0; i < w.queryCount(); i++) {
        if (w.kind() == Workload.Kind.POINT_CONNECT) {
          script.append("\\connect\n");   // a new connection, same parameters
        }
        script.append(parts[0]).append(w.id(i)).append(parts[1]).append(";\n");
      }
    }
    List<String> cmd = new ArrayList<>(List.of(launcher.toString(), "--exec", "psql", "-X", "-v",
        w.kind() == Workload.Kind.COPY_IN ? "QUIET=off" : "QUIET=on", "-A", "-t",
        "-F", String.valueOf(FIELD), "-0", "-v", "ON_ERROR_STOP=1", "-P", "null=" + NULL, "-d",
        LibpqDriver.conninfo(target)));
    Path err = Files.createTempFile("sluice-psql", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
      pb.environment().put("PGTZ", "UTC");
      pb.environment().put("PGDATESTYLE", "ISO, MDY");
      Process p = pb.start();
      Thread feeder = Thread.startVirtualThread(() -> {
        try (OutputStream o = p.getOutputStream()) {
          o.write(script.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException ignored) {
          // psql stopped reading: its exit status and stderr say why
        }
      });
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException("psql did not finish");
      }
      feeder.join();
      List<String> lines = Files.readAllLines(err);
      String timing = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
      if (p.exitValue() != 0 || !timing.matches("\\d+ \\d+")) {
        throw new IllegalStateException("psql failed (exit " + p.exitValue() + "): " + String.join("\n", lines));
      }
      String[] t = timing.split(" ");
      switch (w.kind()) {
        case COPY_OUT -> {
          CopyData.Counter counter = new CopyData.Counter();
          counter.write(out, 0, out.length);
          counter.foldInto(fold);
        }
        case COPY_IN -> {
          java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^COPY (\\d+)$")
              .matcher(new String(out, StandardCharsets.UTF_8));
          if (!m.find()) {
            throw new IllegalStateException("psql did not report the COPY: " + new String(out, StandardCharsets.UTF_8));
          }
          fold.absorb(Long.parseLong(m.group(1)), 0);
        }
        default -> fold(new String(out, StandardCharsets.UTF_8), w, fold);
      }
      last = new Timing(Long.parseLong(t[0]), Long.parseLong(t[1]));
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /** Folds psql's unaligned output: records ended by NUL, fields separated by U+001F. */
  static void fold(String out, Workload w, Fold fold) {
    ColumnType[] types = w.columns().toArray(new ColumnType[0]);
    int start = 0;
    while (start < out.length()) {
      int end = out.indexOf('\0', start);
      if (end < 0) {
        end = out.length();
      }
      if (end > start) {
        if (!w.touchColumns()) {
          fold.countRow();
        } else {
          String[] f = out.substring(start, end).split(String.valueOf(FIELD), -1);
          if (f.length != types.length) {
            throw new IllegalStateException("psql printed " + f.length + " fields, expected " + types.length);
          }
          for (int i = 0; i < f.length; i++) {
            fold.add(value(f[i], types[i]));
          }
          fold.endRow();
        }
      }
      start = end + 1;
    }
  }

  static long value(String s, ColumnType type) {
    if (s.equals(NULL)) {
      return Checksum.NULL;
    }
    return switch (type) {
      case INT4, INT8 -> Checksum.ofLong(Long.parseLong(s));
      case FLOAT8 -> Checksum.ofDouble(Double.parseDouble(s));
      case NUMERIC -> Checksum.ofBigDecimal(new BigDecimal(s));
      case TEXT -> Checksum.ofString(s);
      case BOOL -> Checksum.ofBoolean(s.equals("t"));
      case DATE -> Checksum.ofDate(LocalDate.parse(s));
      case TIMESTAMPTZ -> Checksum.ofTimestamp(OffsetDateTime.parse(s, TIMESTAMPTZ));
      case UUID -> Checksum.ofUuid(UUID.fromString(s));
    };
  }

  @Override
  public Timing lastTiming() {
    return last;
  }

  @Override
  public void close() {}
}
