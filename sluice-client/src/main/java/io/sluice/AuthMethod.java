package io.sluice;

/**
 * The authentication methods named by libpq's {@code require_auth} (PostgreSQL 16+). See {@link
 * ConnectionConfig#allowedAuthMethods()}.
 */
public enum AuthMethod {
  /** Cleartext password ({@code AuthenticationCleartextPassword}). */
  PASSWORD("password"),
  /** MD5 password ({@code AuthenticationMD5Password}). */
  MD5("md5"),
  /** A completed SCRAM-SHA-256 exchange ({@code AuthenticationSASL}). */
  SCRAM_SHA_256("scram-sha-256"),
  /** Kerberos via GSSAPI. */
  GSS("gss"),
  /** Windows SSPI. */
  SSPI("sspi"),
  /** No authentication challenge at all (trust, peer, or TLS client certificates only). */
  NONE("none");

  private final String keyword;

  AuthMethod(String keyword) {
    this.keyword = keyword;
  }

  /** The libpq spelling used in {@code require_auth}. */
  public String keyword() {
    return keyword;
  }
}
