package io.sluice.protocol.auth;

import java.util.Locale;
import java.util.Optional;

/**
 * Authentication methods a server may request, named by the keywords of libpq's
 * {@code require_auth} connection parameter. SCRAM with channel binding is not a separate
 * method there: it is {@link #SCRAM_SHA_256} under {@code channel_binding=require}.
 */
public enum AuthMethod {
  /** The server asked for no authentication (trust, peer on the server side, ...). */
  NONE("none"),
  /** AuthenticationCleartextPassword (3): see {@link CleartextPassword}. */
  PASSWORD("password"),
  /** AuthenticationMD5Password (5): see {@link Md5Password}. */
  MD5("md5"),
  /** AuthenticationGSS (7) and GSSContinue (8): Kerberos V5 through the JDK's GSSAPI, in the client. */
  GSS("gss"),
  /** AuthenticationSSPI (9); not implemented by Sluice. */
  SSPI("sspi"),
  /** AuthenticationSASL (10) with SCRAM-SHA-256 or -PLUS: see {@link ScramSha256}. */
  SCRAM_SHA_256("scram-sha-256"),
  /** AuthenticationSASL (10) with OAUTHBEARER (PostgreSQL 18): see {@link OAuthBearer}. */
  OAUTH("oauth");

  private final String keyword;

  AuthMethod(String keyword) {
    this.keyword = keyword;
  }

  /** The require_auth keyword, e.g. {@code "scram-sha-256"}. */
  public String keyword() {
    return keyword;
  }

  /** The method for a require_auth keyword (case-insensitive), if there is one. */
  public static Optional<AuthMethod> fromKeyword(String keyword) {
    String k = keyword.strip().toLowerCase(Locale.ROOT);
    for (AuthMethod m : values()) {
      if (m.keyword.equals(k)) {
        return Optional.of(m);
      }
    }
    return Optional.empty();
  }
}
