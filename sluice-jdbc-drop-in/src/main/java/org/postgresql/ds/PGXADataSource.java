package org.postgresql.ds;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import org.postgresql.ds.common.BaseDataSource;

/**
 * pgjdbc's {@link XADataSource}, so that configuration naming it loads; Sluice has no XA (no
 * {@code javax.transaction.xa.XAResource} over PREPARE TRANSACTION), so {@link #getXAConnection}
 * refuses, SQLSTATE 0A000, rather than give a connection that a transaction manager would believe
 * takes part in two-phase commit. Its {@code getConnection} opens plain connections, as {@link
 * PGSimpleDataSource}'s.
 */
public class PGXADataSource extends BaseDataSource implements XADataSource {
  private static final long serialVersionUID = 1L;

  @Override
  public String getDescription() {
    return "XA DataSource from Sluice's JDBC driver (pgjdbc's API): XA connections are not supported";
  }

  @Override
  public XAConnection getXAConnection() throws SQLException {
    throw refusal();
  }

  @Override
  public XAConnection getXAConnection(String user, String password) throws SQLException {
    throw refusal();
  }

  private static SQLFeatureNotSupportedException refusal() {
    return new SQLFeatureNotSupportedException("Sluice does not support XA (distributed transactions): use"
        + " PGSimpleDataSource or PGConnectionPoolDataSource, and PREPARE TRANSACTION / COMMIT PREPARED in SQL"
        + " if two-phase commit is needed", "0A000");
  }
}
