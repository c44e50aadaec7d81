package io.sluice;

/** libpq's {@code channel_binding}: use of SCRAM channel binding (tls-server-end-point). */
public enum ChannelBindingMode {
  /** Never use channel binding. */
  DISABLE("disable"),
  /** Use channel binding when TLS is in use and the server offers SCRAM-SHA-256-PLUS. Default. */
  PREFER("prefer"),
  /** Fail unless the server authenticates with SCRAM-SHA-256-PLUS over TLS. */
  REQUIRE("require");

  private final String keyword;

  ChannelBindingMode(String keyword) {
    this.keyword = keyword;
  }

  /** The libpq spelling. */
  public String keyword() {
    return keyword;
  }
}
