package io.sluice;

/**
 * libpq's {@code sslmode} (PostgreSQL docs 32.19.1, "Client Verification of Server Certificates").
 * Ignored for Unix-domain sockets, as in libpq.
 */
public enum SslMode {
  /** Only try a connection without TLS. */
  DISABLE("disable"),
  /** Try without TLS first; if the server refuses, try with TLS (no certificate checks). */
  ALLOW("allow"),
  /** Try TLS first; if the server refuses, continue without TLS. The default. */
  PREFER("prefer"),
  /** TLS is required; the certificate is not checked (unless a root certificate file exists). */
  REQUIRE("require"),
  /** TLS is required and the server certificate must chain to a trusted CA. */
  VERIFY_CA("verify-ca"),
  /** As {@link #VERIFY_CA}, and the certificate must also name the host connected to. */
  VERIFY_FULL("verify-full");

  private final String keyword;

  SslMode(String keyword) {
    this.keyword = keyword;
  }

  /** The libpq spelling, e.g. {@code verify-full}. */
  public String keyword() {
    return keyword;
  }

  /** Whether a connection without TLS is refused (require, verify-ca, verify-full). */
  public boolean requiresTls() {
    return compareTo(REQUIRE) >= 0;
  }

  /** Whether the server certificate must chain to a trusted CA (verify-ca, verify-full). */
  public boolean verifiesCertificate() {
    return compareTo(VERIFY_CA) >= 0;
  }
}
