package io.sluice.internal.config;

/** libpq's {@code gssencmode}: whether to ask for GSS encryption before TLS (docs 32.1.2). */
public enum GssEncMode {
  DISABLE("disable"),
  PREFER("prefer"),
  REQUIRE("require");

  private final String keyword;

  GssEncMode(String keyword) {
    this.keyword = keyword;
  }

  /** The spelling in a connection string. */
  public String keyword() {
    return keyword;
  }
}
