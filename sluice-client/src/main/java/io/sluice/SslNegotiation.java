package io.sluice;

/** libpq's {@code sslnegotiation} (PostgreSQL 17+): how TLS is started on a TCP connection. */
public enum SslNegotiation {
  /** Send an SSLRequest and wait for the server's 'S' or 'N' before the handshake. The default. */
  POSTGRES("postgres"),
  /**
   * Start the TLS handshake at once (ALPN {@code postgresql}); PostgreSQL 17+ servers only. Only
   * allowed with {@code sslmode} require, verify-ca or verify-full, as in libpq.
   */
  DIRECT("direct");

  private final String keyword;

  SslNegotiation(String keyword) {
    this.keyword = keyword;
  }

  /** The libpq spelling. */
  public String keyword() {
    return keyword;
  }
}
