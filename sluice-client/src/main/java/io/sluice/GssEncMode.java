package io.sluice;

/**
 * libpq's {@code gssencmode} (PostgreSQL docs 32.1.2): whether a TCP session is encrypted with
 * GSSAPI (Kerberos), asked for before TLS. Never offered over a Unix socket.
 */
public enum GssEncMode {
  /** Never ask for GSS encryption. */
  DISABLE("disable"),
  /** Ask first when Kerberos credentials may exist; fall back to TLS or the clear. The default. */
  PREFER("prefer"),
  /** Only a GSS-encrypted session; {@code sslmode} is then not used. */
  REQUIRE("require");

  private final String keyword;

  GssEncMode(String keyword) {
    this.keyword = keyword;
  }

  /** The libpq spelling. */
  public String keyword() {
    return keyword;
  }
}
