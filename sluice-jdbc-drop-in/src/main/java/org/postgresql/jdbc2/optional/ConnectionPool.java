package org.postgresql.jdbc2.optional;

import org.postgresql.ds.PGConnectionPoolDataSource;

/** pgjdbc's older name of {@link PGConnectionPoolDataSource} (deprecated there), for configurations that name it. */
@Deprecated
public class ConnectionPool extends PGConnectionPoolDataSource {
  private static final long serialVersionUID = 1L;
}
