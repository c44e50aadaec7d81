/**
 * Sluice's JDBC driver under pgjdbc's class name {@code org.postgresql.Driver}, for tools that
 * instantiate that class by name for {@code jdbc:postgresql:} URLs. Put it in place of pgjdbc,
 * never beside it (the two would be the same class name).
 */
module io.sluice.jdbc.dropin {
  requires transitive io.sluice.jdbc;
  exports org.postgresql;
  provides java.sql.Driver with org.postgresql.Driver;
}
