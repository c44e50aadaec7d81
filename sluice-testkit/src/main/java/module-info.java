/** Throwaway PostgreSQL servers and fault injection for tests and the lab. */
module io.sluice.testkit {
  requires io.sluice.protocol;
  requires java.logging;
  exports io.sluice.testkit;
}
