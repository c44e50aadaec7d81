/** A JDBC driver over the Sluice client: {@code java.sql} for the tools Java teams already run. */
module io.sluice.jdbc {
  requires transitive java.sql;
  requires transitive io.sluice.client;
  exports io.sluice.jdbc;
  provides java.sql.Driver with io.sluice.jdbc.SluiceDriver;
}
