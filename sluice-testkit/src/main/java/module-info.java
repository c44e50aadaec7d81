/** Throwaway PostgreSQL servers and fault injection for tests and the lab. */
module io.sluice.testkit {
  requires io.sluice.protocol;
  exports io.sluice.testkit;
}
