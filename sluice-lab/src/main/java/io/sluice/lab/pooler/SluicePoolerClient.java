package io.sluice.lab.pooler;

import io.sluice.Pool;
import io.sluice.PoolOptions;

/** Sluice's pool through PgBouncer: {@code statement_cache_size=0}, as transaction mode needs. */
final class SluicePoolerClient extends PoolerClient {
  private final Pool pool;

  SluicePoolerClient(String conninfo) {
    this.pool = Pool.open(conninfo + " statement_cache_size=0",
        PoolOptions.DEFAULT.maxSize(PoolerLoad.CLIENT_CONNECTIONS));
  }

  @Override
  public String name() {
    return "sluice";
  }

  @Override
  public String description() {
    return "Sluice Pool of " + PoolerLoad.CLIENT_CONNECTIONS + " through PgBouncer (transaction mode),"
        + " statement_cache_size=0";
  }

  @Override
  long select(int id) {
    return pool.query(PoolerLoad.SELECT, id).get(0).getInt(0);
  }

  @Override
  long transaction(int row) {
    return pool.transaction(tx -> {
      tx.execute(PoolerLoad.UPDATE, row);
      return tx.query(PoolerLoad.READ, row).get(0).getLong(0);
    });
  }

  @Override
  public void close() {
    pool.close();
  }
}
