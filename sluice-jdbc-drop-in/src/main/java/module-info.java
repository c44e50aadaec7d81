/**
 * Sluice's JDBC driver under pgjdbc's names: the driver class {@code org.postgresql.Driver}, for
 * tools that instantiate it by name for {@code jdbc:postgresql:} URLs, and the part of pgjdbc's
 * API that applications call ({@code PGConnection}, {@code PGobject}, {@code CopyManager}, {@code
 * PSQLException}, the geometric types, large objects, the data sources…), implemented over Sluice. Put it in place of pgjdbc, never beside it (the two
 * would be the same class names).
 */
module io.sluice.jdbc.dropin {
  requires transitive io.sluice.jdbc;
  requires transitive java.naming;   // JNDI references of the data sources (PGObjectFactory)
  exports org.postgresql;
  exports org.postgresql.copy;
  exports org.postgresql.core;
  exports org.postgresql.ds;
  exports org.postgresql.ds.common;
  exports org.postgresql.geometric;
  exports org.postgresql.jdbc;
  exports org.postgresql.jdbc2.optional;
  exports org.postgresql.largeobject;
  exports org.postgresql.util;
  provides java.sql.Driver with org.postgresql.Driver;
  // pgjdbc's classes on the driver's objects (io.sluice.jdbc.dropin is the implementation, not exported)
  provides io.sluice.jdbc.internal.Extension with io.sluice.jdbc.dropin.PgjdbcExtension;
}
