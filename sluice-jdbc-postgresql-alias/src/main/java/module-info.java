/**
 * {@code org.postgresql.Driver} as a second name of {@code io.sluice.jdbc.SluiceDriver}. Not
 * registered as a service: SluiceDriver registers itself, and one registration serves both names.
 */
module io.sluice.jdbc.postgresql.alias {
  requires transitive io.sluice.jdbc;
  exports org.postgresql;
}
