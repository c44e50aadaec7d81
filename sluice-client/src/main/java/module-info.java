/** The Sluice PostgreSQL client. */
module io.sluice.client {
  requires transitive io.sluice.protocol;
  requires transitive io.sluice.types;
  exports io.sluice;
  exports io.sluice.event;
}
