/** Throwaway PostgreSQL servers and fault injection for tests and the lab. */
module io.sluice.testkit {
  requires transitive io.sluice.protocol;   // the scripted server speaks in its message records
  requires java.logging;
  requires java.compiler;                  // the docs' examples are compiled in memory
  requires java.net.http;                  // Patroni's REST API (the HA tests' conditions)
  requires static transitive org.junit.jupiter.api;   // @ServerTest and its extension; the tests bring JUnit
  exports io.sluice.testkit;
  exports io.sluice.testkit.docs;
}
