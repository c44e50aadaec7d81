package io.sluice.bench.drivers;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.bench.Checksum;
import io.sluice.bench.CopyData;
import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.PointTasks;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * A JDBC driver ({@link JdbcFlavor}: pgjdbc, or sluice-jdbc through the very same code) through
 * plain JDBC: one connection for bulk and sequential workloads, a HikariCP pool of
 * {@value #POOL_SIZE} for the concurrent one (a connection borrowed per query, as a web request
 * would). Every statement is a {@link PreparedStatement}; results are fully buffered (pgjdbc's
 * default fetch size 0).
 *
 * <p>With default settings pgjdbc sends a statement unnamed, results in text, for its first four
 * executions, and from the fifth ({@code prepareThreshold=5}) as a named server-side statement
 * with binary results for the types it decodes in binary. {@link #prepare} executes each bulk
 * statement past that threshold (fetching one row), so every measured run sees the steady state
 * of a long-running application. {@code prepareThreshold=-1&binaryTransfer=true} is binary from
 * the first execution.
 */
public final class JdbcDriver implements Driver {
  /** Connections in the HikariCP pool of the concurrent workload. */
  public static final int POOL_SIZE = 4;
  /** pgjdbc's default prepareThreshold: executions before a statement is named and binary. */
  private static final int DEFAULT_PREPARE_THRESHOLD = 5;

  private final String name;
  private final JdbcFlavor flavor;
  private final java.sql.Driver driver;
  private final String settings;
  private final Target target;
  private final Connection connection;
  private HikariDataSource pool;

  /** {@code settings}: extra URL parameters, e.g. {@code prepareThreshold=-1&binaryTransfer=true}; empty for defaults. */
  JdbcDriver(String name, JdbcFlavor flavor, String settings, Target target) throws SQLException {
    this.name = name;
    this.flavor = flavor;
    this.driver = flavor.driver();
    this.settings = settings;
    this.target = target;
    this.connection = connect();
  }

  /** pgjdbc with its default settings. */
  public static JdbcDriver defaults(Target target) throws SQLException {
    return new JdbcDriver("pgjdbc", JdbcFlavor.PGJDBC, "", target);
  }

  /** pgjdbc with binary results from the first execution. */
  public static JdbcDriver binary(Target target) throws SQLException {
    return new JdbcDriver("pgjdbc-binary", JdbcFlavor.PGJDBC, "prepareThreshold=-1&binaryTransfer=true", target);
  }

  /** sluice-jdbc with its defaults, through the same JDBC code as pgjdbc (issue 13). */
  public static JdbcDriver sluiceJdbc(Target target) throws SQLException {
    return new JdbcDriver("sluice-jdbc", JdbcFlavor.SLUICE_JDBC, "", target);
  }

  private String url() {
    return target.jdbcUrl(flavor.urlPrefix, settings);
  }

  /** A connection from this flavor's own driver, never DriverManager's pick. */
  private Connection connect() throws SQLException {
    return driver.connect(url(), new java.util.Properties());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    String pooled = flavor.pipelines()
        ? " (one connection shared by the threads of point-vt*; " + JdbcFlavor.hikari() + ", " + POOL_SIZE
            + " connections, for the pooled workloads)"
        : " (" + JdbcFlavor.hikari() + ", " + POOL_SIZE + " connections, for concurrent workloads)";
    return flavor.describe() + (settings.isEmpty() ? " defaults" : " " + settings) + pooled;
  }

  /** COPY through CopyManager on the defaults driver only (the settings do not touch COPY). */
  @Override
  public boolean supports(Workload workload) {
    if (workload.kind() == Workload.Kind.POINT_CONNECT) {
      return settings.isEmpty();
    }
    if (workload.kind() == Workload.Kind.POINT_POOLED || workload.kind() == Workload.Kind.POINT_PREPARED
        || workload.kind().isWrite() || workload.kind() == Workload.Kind.BATCH_INSERT) {
      return true;   // seed 002's variants, and executeBatch
    }
    return Driver.super.supports(workload) || workload.kind().isCopy() && settings.isEmpty() && flavor.copies();
  }

  @Override
  public void prepare(Workload workload) throws SQLException {
    switch (workload.kind()) {
      case COPY_OUT -> { }
      case COPY_IN -> CopyData.text(workload.expectedRows());
      case BATCH_INSERT -> {
        CopyData.rows(workload.expectedRows());
        try (java.sql.Statement s = connection.createStatement()) {
          s.execute(CopyData.TRUNCATE);   // emptied once: the table has no key, each run adds its rows
        }
      }
      case BULK -> {
        for (int i = 0; i < DEFAULT_PREPARE_THRESHOLD; i++) {
          try (PreparedStatement ps = connection.prepareStatement(workload.jdbcSql())) {
            ps.setMaxRows(1);
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                // nothing: only the execution count matters
              }
            }
          }
        }
      }
      case POINT_SEQUENTIAL, POINT_CONNECT, POINT_PREPARED, WRITE_AUTOCOMMIT, WRITE_TRANSACTION, HTTP -> { }
      case POINT_CONCURRENT, POINT_POOLED, WRITE_POOL_TRANSACTION -> {
        if (pool == null) {
          pool = newPool();
        }
      }
    }
  }

  @Override
  public void run(Workload workload, Fold fold) throws Exception {
    String sql = workload.jdbcSql();
    switch (workload.kind()) {
      case COPY_OUT -> {
        CopyData.Counter counter = new CopyData.Counter();
        connection.unwrap(org.postgresql.PGConnection.class).getCopyAPI().copyOut(workload.sql(), counter);
        counter.foldInto(fold);
      }
      case COPY_IN -> {
        try (java.sql.Statement s = connection.createStatement()) {
          s.execute(CopyData.TRUNCATE);
        }
        long n = connection.unwrap(org.postgresql.PGConnection.class).getCopyAPI()
            .copyIn(workload.sql(), new java.io.ByteArrayInputStream(CopyData.text(workload.expectedRows())), 256 * 1024);
        fold.absorb(n, 0);
      }
      case BATCH_INSERT -> batchInsert(workload, fold);
      case BULK -> {
        try (PreparedStatement ps = connection.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
          JdbcRows.readAll(rs, workload, fold);
        }
      }
      case POINT_CONNECT -> PointTasks.runSequentially(workload, fold, (i, f) -> {
        try (Connection c = connect();
            PreparedStatement ps = c.prepareStatement(sql)) {
          point(ps, workload, i, f);
        }
      });
      case POINT_SEQUENTIAL -> {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
          PointTasks.runSequentially(workload, fold, (i, f) -> point(ps, workload, i, f));
        }
      }
      case POINT_CONCURRENT -> PointTasks.runConcurrently(workload, fold, (i, f) -> {
        if (flavor.pipelines()) {
          // every thread on the one connection: sluice-jdbc pipelines their statements
          try (PreparedStatement ps = connection.prepareStatement(sql)) {
            point(ps, workload, i, f);
          }
          return;
        }
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
          point(ps, workload, i, f);
        }
      });
      case POINT_POOLED -> PointTasks.runSequentially(workload, fold, (i, f) -> {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
          point(ps, workload, i, f);
        }
      });
      case POINT_PREPARED -> {
        // JDBC's own explicit preparation: server-prepared from the first execution on
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
          flavor.prepareFromFirstExecution(ps);
          PointTasks.runSequentially(workload, fold, (i, f) -> point(ps, workload, i, f));
        }
      }
      case WRITE_AUTOCOMMIT -> writes(connection, workload, fold, false);
      case WRITE_TRANSACTION -> writes(connection, workload, fold, true);
      case WRITE_POOL_TRANSACTION -> {
        List<String> statements = workload.jdbcStatements();
        PointTasks.runSequentially(workload, fold, (i, f) -> {
          try (Connection c = pool.getConnection()) {
            write(c, statements, workload.id(i), f, true);
          }
        });
      }
      case HTTP -> throw new IllegalArgumentException("the lab serves HTTP itself");
    }
  }

  private static void writes(Connection c, Workload workload, Fold fold, boolean transaction) throws Exception {
    List<String> statements = workload.jdbcStatements();
    PointTasks.runSequentially(workload, fold, (i, f) -> write(c, statements, workload.id(i), f, transaction));
  }

  /** Seed 002's insert and delete for {@code id}, in a transaction when asked (committed, or rolled back). */
  private static void write(Connection c, List<String> statements, int id, Fold fold, boolean transaction)
      throws SQLException {
    if (transaction) {
      c.setAutoCommit(false);
    }
    try {
      for (String statement : statements) {
        try (PreparedStatement ps = c.prepareStatement(statement)) {
          ps.setInt(1, id);
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              fold.add(Checksum.ofLong(rs.getInt(1)));
              fold.endRow();
            }
          }
        }
      }
      if (transaction) {
        c.commit();
      }
    } catch (SQLException | RuntimeException e) {
      if (transaction) {
        c.rollback();
      }
      throw e;
    } finally {
      if (transaction) {
        c.setAutoCommit(true);
      }
    }
  }

  /**
   * The rows by one prepared insert's {@code executeBatch} (each driver with its default batching:
   * pgjdbc row by row in one go, sluice-jdbc as multi-row inserts); folded as the rows the counts
   * report. The table was emptied in {@link #prepare}: a truncate per run would cost more than the
   * inserts.
   */
  private void batchInsert(Workload workload, Fold fold) throws SQLException {
    long inserted = 0;
    try (PreparedStatement ps = connection.prepareStatement(workload.jdbcSql())) {
      for (Object[] r : CopyData.rows(workload.expectedRows())) {
        ps.setLong(1, (Long) r[0]);
        ps.setString(2, (String) r[1]);
        ps.setBigDecimal(3, (java.math.BigDecimal) r[2]);
        ps.setObject(4, r[3]);
        ps.addBatch();
      }
      for (int n : ps.executeBatch()) {
        inserted += n;
      }
    }
    fold.absorb(inserted, 0);
  }

  private static void point(PreparedStatement ps, Workload workload, int index, Fold fold) throws SQLException {
    ps.setInt(1, workload.id(index));
    try (ResultSet rs = ps.executeQuery()) {
      JdbcRows.readAll(rs, workload, fold);
    }
  }

  private HikariDataSource newPool() {
    HikariConfig config = new HikariConfig();
    config.setPoolName("bench-" + name);
    config.setDriverClassName(driver.getClass().getName());
    config.setJdbcUrl(url());
    config.setMaximumPoolSize(POOL_SIZE);
    config.setMinimumIdle(POOL_SIZE);
    return new HikariDataSource(config);
  }

  @Override
  public void close() throws SQLException {
    try {
      connection.close();
    } finally {
      if (pool != null) {
        pool.close();
      }
    }
  }
}
