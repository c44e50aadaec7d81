package io.sluice.testkit;

/**
 * The one server per JVM behind {@link PostgresServer#shared()}: chosen by {@code sluice.pg} /
 * {@code SLUICE_PG} / {@code SLUICE_TEST_URL} ({@link PostgresServer#selector()}), started on first
 * use and kept until the JVM exits. A failure to start is kept too and thrown again to every later
 * caller, so that a suite whose server cannot start fails fast instead of trying again per test.
 * Apart from {@link PostgresServer} so that the JVM-wide state lives in one small place.
 */
final class SharedServer {
  private static final Object LOCK = new Object();
  private static PostgresServer shared;
  private static RuntimeException failure;

  private SharedServer() {}

  static PostgresServer get() {
    synchronized (LOCK) {
      if (shared != null) {
        return shared;
      }
      if (failure != null) {
        throw new TestkitException("the shared PostgreSQL server failed to start earlier: "
            + failure.getMessage(), failure);
      }
      try {
        String selector = PostgresServer.selector();
        String url = System.getenv("SLUICE_TEST_URL");
        if (ConnectionUri.looksLikeUri(selector)) {
          shared = PostgresServer.external(selector);
        } else if (url != null && !url.isBlank()) {
          shared = PostgresServer.external(url.strip());
        } else {
          shared = PostgresServer.startLocal(PostgresServer.Options.defaults().withVersion(selector), true);
        }
        return shared;
      } catch (RuntimeException e) {
        failure = e;
        throw e;
      }
    }
  }
}
