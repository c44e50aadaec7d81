package io.sluice.lab.scale;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Row;
import io.sluice.bench.Checksum;
import io.sluice.bench.ColumnType;
import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.PointTasks;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One pool set-up of the scaling case ({@link PoolScaling}): a Sluice {@link Pool} of {@code
 * connections} with {@code pipeline_depth} {@code depth}, or pgjdbc with HikariCP of {@code
 * connections} (one statement in flight per connection). It runs only the scaling case's point
 * queries from its callers, folding each row of t50k (an int4 and nine text columns) the way every
 * other interface of the lab folds it.
 */
final class ScalingClient implements Driver {
  private final PoolScaling.Setup setup;
  private final Pool sluice;
  private final HikariDataSource hikari;

  private ScalingClient(PoolScaling.Setup setup, Pool sluice, HikariDataSource hikari) {
    this.setup = setup;
    this.sluice = sluice;
    this.hikari = hikari;
  }

  static ScalingClient open(PoolScaling.Setup setup, Target target) {
    if (setup.sluice()) {
      // minSize: every connection open before anything is measured (each connect is a few round trips)
      Pool pool = Pool.open(target.uri() + "&pipeline_depth=" + setup.depth(), PoolOptions.DEFAULT
          .minSize(setup.connections()).maxSize(setup.connections()));
      return new ScalingClient(setup, pool, null);
    }
    HikariConfig config = new HikariConfig();
    config.setPoolName("scaling-" + setup.name());
    config.setJdbcUrl(target.jdbcUrl(""));
    config.setMaximumPoolSize(setup.connections());
    config.setMinimumIdle(setup.connections());
    return new ScalingClient(setup, null, new HikariDataSource(config));
  }

  @Override
  public String name() {
    return setup.name();
  }

  @Override
  public String description() {
    return setup.description();
  }

  @Override
  public boolean supports(Workload workload) {
    return workload.name().startsWith(PoolScaling.CASE);
  }

  @Override
  public void run(Workload workload, Fold fold) throws Exception {
    PointTasks.runConcurrently(workload, fold, (i, f) -> query(workload, workload.id(i), f));
  }

  private void query(Workload w, int id, Fold fold) throws SQLException {
    ColumnType[] types = w.columns().toArray(new ColumnType[0]);
    if (sluice != null) {
      for (Row row : sluice.query(w.sql(), id)) {
        for (int c = 0; c < types.length; c++) {
          fold.add(types[c] == ColumnType.INT4 ? Checksum.ofLong(row.getInt(c)) : Checksum.ofString(row.getString(c)));
        }
        fold.endRow();
      }
      return;
    }
    try (Connection c = hikari.getConnection(); PreparedStatement ps = c.prepareStatement(w.jdbcSql())) {
      ps.setInt(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          for (int k = 0; k < types.length; k++) {
            fold.add(types[k] == ColumnType.INT4 ? Checksum.ofLong(rs.getInt(k + 1))
                : Checksum.ofString(rs.getString(k + 1)));
          }
          fold.endRow();
        }
      }
    }
  }

  @Override
  public void close() {
    if (sluice != null) {
      sluice.close();
    } else {
      hikari.close();
    }
  }
}
