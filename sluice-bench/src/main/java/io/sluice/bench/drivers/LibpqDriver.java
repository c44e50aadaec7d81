package io.sluice.bench.drivers;

import io.sluice.bench.ColumnType;
import io.sluice.bench.CopyData;
import io.sluice.bench.Driver;
import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * libpq in C, the reference of seed 003: {@code pqbench.c} (a resource of this module) compiled
 * with gcc against Debian's libpq-dev on first use, run once per execution. It connects, then
 * measures its own wall and CPU time over the work and folds every value, decoded from the binary
 * format, into the same checksum as the Java drivers.
 */
public final class LibpqDriver implements Driver {
  public enum Mode {
    /** The whole result at once (PQexecParams / PQexecPrepared). */
    NORMAL("libpq", "normal"),
    /** Single-row mode: each row handed over as it arrives. */
    SINGLE("libpq-single", "single"),
    /** Pipeline mode: point queries sent ahead, 64 in flight, a Sync each. */
    PIPELINE("libpq-pipeline", "pipeline");

    final String driverName;
    final String arg;

    Mode(String driverName, String arg) {
      this.driverName = driverName;
      this.arg = arg;
    }
  }

  private static Path binary;

  private final Mode mode;
  private final Target target;
  private final Path program;
  private Timing last;

  private LibpqDriver(Mode mode, Target target, Path program) {
    this.mode = mode;
    this.target = target;
    this.program = program;
  }

  public static LibpqDriver open(Target target, Mode mode) throws DriverUnavailable {
    return new LibpqDriver(mode, target, compiled());
  }

  /** Compiles pqbench.c once per JVM (see {@link CProgram}). */
  static synchronized Path compiled() throws DriverUnavailable {
    if (binary == null) {
      String include;
      try {
        include = run(List.of("pg_config", "--includedir"), null).strip();
      } catch (IOException | InterruptedException e) {
        throw new DriverUnavailable("pg_config not found (Debian package libpq-dev): " + e.getMessage());
      }
      if (include.isEmpty() || include.contains(" ")) {
        include = "/usr/include/postgresql";
      }
      binary = new CProgram("pqbench", List.of("fold.h"), List.of("-I" + include, "-lpq"), "gcc and libpq-dev")
          .compiled();
    }
    return binary;
  }

  /** Runs a command, returns its output (stdout and stderr together); stdin from {@code input}. */
  static String run(List<String> command, byte[] input) throws IOException, InterruptedException {
    return run(command, input, java.util.Map.of());
  }

  /** {@link #run(List, byte[])} with variables added to the environment. */
  static String run(List<String> command, byte[] input, java.util.Map<String, String> env)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    try (OutputStream o = p.getOutputStream()) {
      if (input != null) {
        o.write(input);
      }
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IOException(command.get(0) + " did not finish");
    }
    return out;
  }

  static String conninfo(Target t) {
    StringBuilder s = new StringBuilder("host=").append(quote(t.host())).append(" port=").append(t.port())
        .append(" dbname=").append(quote(t.database())).append(" user=").append(quote(t.user()))
        .append(" sslmode=disable");
    if (t.password() != null) {
      s.append(" password=").append(quote(t.password()));
    }
    return s.toString();
  }

  private static String quote(String v) {
    return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  /** The C clients' TYPES argument: column types, lower case, comma-separated. */
  public static String types(List<ColumnType> columns) {
    return columns.stream().map(c -> c.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(","));
  }

  @Override
  public boolean compiledAhead() {
    return true;
  }

  @Override
  public String name() {
    return mode.driverName;
  }

  @Override
  public String description() {
    String v;
    try {
      v = run(List.of("pg_config", "--version"), null).strip();
    } catch (IOException | InterruptedException e) {
      v = "libpq";
    }
    return "libpq in C (" + v.replace("PostgreSQL", "libpq") + ", gcc -O2), " + switch (mode) {
      case NORMAL -> "PQexecParams/PQexecPrepared, binary results";
      case SINGLE -> "single-row mode, binary results";
      case PIPELINE -> "pipeline mode (64 queries in flight, a Sync each) for point queries, else as libpq";
    } + "; one process per execution, its own clocks (connecting excluded); concurrent workloads run"
        + " on its one connection";
  }

  /** COPY in the normal mode only (single-row and pipeline modes do not apply to it). */
  @Override
  public boolean supports(Workload w) {
    if (w.kind() == Workload.Kind.POINT_CONNECT || w.kind() == Workload.Kind.POINT_PREPARED
        || w.kind() == Workload.Kind.WRITE_AUTOCOMMIT || w.kind() == Workload.Kind.WRITE_TRANSACTION) {
      return mode == Mode.NORMAL;
    }
    return Driver.super.supports(w) || w.kind().isCopy() && mode == Mode.NORMAL;
  }

  @Override
  public void prepare(Workload w) {
    if (w.kind() == Workload.Kind.COPY_IN) {
      CopyData.file(w.expectedRows());
    }
  }

  @Override
  public void run(Workload w, Fold fold) throws Exception {
    boolean points = w.kind().isPoint();
    String kind = switch (w.kind()) {
      case BULK -> "bulk";
      case POINT_SEQUENTIAL, POINT_CONCURRENT, POINT_PREPARED -> "points";   // PQprepare once, then PQexecPrepared
      case POINT_CONNECT -> "connect";
      case WRITE_AUTOCOMMIT -> "writes";
      case WRITE_TRANSACTION -> "txwrites";
      case POINT_POOLED, WRITE_POOL_TRANSACTION -> throw new IllegalArgumentException("libpq has no pool");
      case COPY_OUT -> "copyout";
      case COPY_IN -> "copyin";
      case HTTP -> throw new IllegalArgumentException("libpq does not serve HTTP");
      case BATCH_INSERT -> throw new IllegalArgumentException("the libpq client here has no batch insert");
      case MIXED_LOAD -> throw new IllegalArgumentException("the mixed load runs on Sluice only");
    };
    // for COPY IN the types argument names the file of pre-formatted rows, the table is emptied first
    String typesArg = w.kind() == Workload.Kind.COPY_IN ? CopyData.file(w.expectedRows()).toString() : types(w.columns());
    String sql = w.kind() == Workload.Kind.COPY_IN ? CopyData.TRUNCATE + "\n" + w.sql() : w.sql();
    List<String> cmd = new ArrayList<>(List.of(program.toString(), conninfo(target), mode.arg,
        kind, w.touchColumns() ? "1" : "0", typesArg, sql));
    // rows printed (seed 003's materialisation): the C client writes them where the fold would
    java.util.Map<String, String> env = fold.output() == null ? java.util.Map.of()
        : java.util.Map.of("PQBENCH_PRINT", fold.output().toString());
    last = absorb(mode.driverName, run(cmd, points ? idLines(w) : new byte[0], env), fold);
  }

  /**
   * Folds the last line of a C client ({@code fold.h}'s "rows checksum wall_ns cpu_ns") into
   * {@code fold} and returns its timing; anything else is that client's failure, thrown.
   */
  static Timing absorb(String driverName, String output, Fold fold) {
    String out = output.strip();
    String[] f = out.split(" ");
    if (f.length != 4 || !f[0].matches("\\d+")) {
      throw new IllegalStateException(driverName + " failed: " + out);
    }
    fold.absorb(Long.parseLong(f[0]), Long.parseLong(f[1]));
    return new Timing(Long.parseLong(f[2]), Long.parseLong(f[3]));
  }

  /** Point-query ids, one per line: the C clients' stdin. */
  static byte[] idLines(Workload w) {
    StringBuilder ids = new StringBuilder();
    for (int i = 0; i < w.queryCount(); i++) {
      ids.append(w.id(i)).append('\n');
    }
    return ids.toString().getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public Timing lastTiming() {
    return last;
  }

  @Override
  public void close() {}
}
