package io.sluice.bench.drivers;

import io.sluice.bench.Driver;
import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ODBC in C, seed 003's third interface: {@code odbcbench.c} (a resource of this module) compiled
 * against unixODBC (Debian's unixodbc-dev) on first use and run once per execution, connecting
 * through psqlODBC (odbc-postgresql) to a data source the lab writes itself ({@link OdbcDsn}). Like
 * the libpq client it measures its own wall and CPU time over the work and folds every value,
 * read as text, into the same checksum as the other drivers.
 */
public final class OdbcDriver implements Driver {
  public enum Mode {
    /** psqlODBC's default: the whole result read at once (seed 003's acc-n). */
    NORMAL,
    /** UseDeclareFetch=1, Fetch=N: a cursor, N rows per FETCH (seed 003's alternate fetch, acc-a). */
    CURSOR;

    /** The interface's name in the lab. */
    String driverName() {
      return this == NORMAL ? "odbc" : "odbc-cursor";
    }

    /** Its data source in {@link OdbcDsn}'s odbc.ini. */
    String dsn() {
      return this == NORMAL ? OdbcDsn.NORMAL : OdbcDsn.CURSOR;
    }
  }

  private static Path binary;

  private final Mode mode;
  private final OdbcDsn sources;
  private final Path program;
  private Timing last;

  private OdbcDriver(Mode mode, OdbcDsn sources, Path program) {
    this.mode = mode;
    this.sources = sources;
    this.program = program;
  }

  public static OdbcDriver open(Target target, Mode mode) throws DriverUnavailable {
    Path exe = compiled();
    return new OdbcDriver(mode, OdbcDsn.write(target), exe);
  }

  private static synchronized Path compiled() throws DriverUnavailable {
    if (binary == null) {
      binary = new CProgram("odbcbench", List.of("fold.h"), List.of("-lodbc"), "gcc and unixodbc-dev").compiled();
    }
    return binary;
  }

  @Override
  public boolean compiledAhead() {
    return true;
  }

  @Override
  public String name() {
    return mode.driverName();
  }

  @Override
  public String description() {
    return "ODBC in C: unixODBC " + packageVersion("unixodbc-dev") + " and psqlODBC " + packageVersion("odbc-postgresql")
        + " (ANSI driver, gcc -O2), " + switch (mode) {
          case NORMAL -> "the whole result at once (psqlODBC's default)";
          case CURSOR -> "UseDeclareFetch=1, Fetch=" + OdbcDsn.FETCH_ROWS + " (a cursor, " + OdbcDsn.FETCH_ROWS
              + " rows per FETCH)";
        } + "; SQLPrepare once then SQLExecute for point queries, SQLGetData as text for every value;"
        + " one process per execution, its own clocks (connecting excluded unless per query);"
        + " concurrent workloads run on its one connection";
  }

  private static String packageVersion(String debianPackage) {
    try {
      String v = LibpqDriver.run(List.of("dpkg-query", "-W", "-f", "${Version}", debianPackage), null).strip();
      return v.isEmpty() || v.contains(" ") ? "(version unknown)" : v;
    } catch (IOException | InterruptedException e) {
      return "(version unknown)";
    }
  }

  /** Queries, bulk and point; a connection per query in the normal mode only (as libpq). */
  @Override
  public boolean supports(Workload w) {
    return switch (w.kind()) {
      case BULK, POINT_SEQUENTIAL, POINT_CONCURRENT -> true;
      case POINT_CONNECT -> mode == Mode.NORMAL;
      default -> false;
    };
  }

  @Override
  public void run(Workload w, Fold fold) throws Exception {
    String kind = switch (w.kind()) {
      case BULK -> "bulk";
      case POINT_SEQUENTIAL, POINT_CONCURRENT -> "points";
      case POINT_CONNECT -> "connect";
      default -> throw new IllegalArgumentException("ODBC does not run " + w.kind() + " here");
    };
    List<String> cmd = List.of(program.toString(), "DSN=" + mode.dsn() + ";", kind, w.touchColumns() ? "1" : "0",
        LibpqDriver.types(w.columns()), w.jdbcSql());
    Map<String, String> env = new HashMap<>(sources.environment());
    if (fold.output() != null) {
      env.put("ODBCBENCH_PRINT", fold.output().toString());
    }
    byte[] ids = w.kind().isPoint() ? LibpqDriver.idLines(w) : new byte[0];
    last = LibpqDriver.absorb(mode.driverName(), LibpqDriver.run(cmd, ids, env), fold);
  }

  @Override
  public Timing lastTiming() {
    return last;
  }

  @Override
  public void close() {}
}
