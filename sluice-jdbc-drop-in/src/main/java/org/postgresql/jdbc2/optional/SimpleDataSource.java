package org.postgresql.jdbc2.optional;

import org.postgresql.ds.PGSimpleDataSource;

/**
 * pgjdbc's older name of {@link PGSimpleDataSource}, kept by pgjdbc (deprecated) and by
 * configurations that still name it ({@code dataSourceClassName} in a pool, JNDI resources).
 */
@Deprecated
public class SimpleDataSource extends PGSimpleDataSource {
  private static final long serialVersionUID = 1L;
}
