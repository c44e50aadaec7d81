package io.sluice.internal.session;

import io.sluice.AuthenticationException;
import io.sluice.ConnectionException;
import io.sluice.HostPort;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.GssEncMode;
import io.sluice.internal.gss.GssCredentials;
import io.sluice.internal.gss.GssSignIn;
import io.sluice.internal.net.GssUpgrade;
import io.sluice.internal.net.SocketTransport;
import io.sluice.internal.net.Transport;
import java.io.IOException;

/**
 * {@code gssencmode} as libpq acts on it ({@code fe-connect.c}: {@code select_next_encryption_method}
 * and the {@code CONNECTION_GSS_STARTUP} state). GSS encryption is tried first, before any
 * SSLRequest, when credentials are at hand ({@code pg_GSS_have_cred_cache}): {@code prefer} goes
 * on without it when there are none, on the same socket when the server answers 'N', and on a new
 * connection when the security context cannot be established or the server refuses the encrypted
 * session; {@code require} refuses in each case, naming the cause.
 */
final class GssEncryption {
  private GssEncryption() {}

  /**
   * GSS encryption could not be had under {@code prefer}: move on without it on a new connection.
   * The cause says why, for the message of a later failure.
   */
  static final class Unavailable extends RuntimeException {
    Unavailable(String message, Throwable cause) {
      super(message, cause, false, false);
    }
  }

  /**
   * Whether an attempt on {@code e} starts with GSSENCRequest: never over a Unix socket (the server
   * answers 'N' there), always under {@code require}, under {@code prefer} when credentials may
   * exist.
   */
  static boolean first(ConnectPlan p, HostPort e) {
    if (!(e instanceof HostPort.Tcp)) {
      return false;
    }
    return switch (p.gssEncMode()) {
      case DISABLE -> false;
      case REQUIRE -> true;
      case PREFER -> GssCredentials.mayExist(p.gss());
    };
  }

  /**
   * On a new TCP connection: signs in to Kerberos, sends GSSENCRequest and establishes the
   * security context. Returns the encrypted transport, or null when the session goes on without
   * GSS encryption on this same socket ({@code prefer}, and no credentials or the server answered
   * 'N'). Throws {@link Unavailable} (socket closed) when {@code prefer} must go on on a new
   * connection (also after 'N' under {@code sslnegotiation=direct}); an IOException leaves the
   * socket to the caller.
   */
  static Transport negotiate(SocketTransport tcp, ConnectPlan p, HostPort.Tcp h) throws IOException {
    boolean require = p.gssEncMode() == GssEncMode.REQUIRE;
    try {
      GssSignIn signIn;
      try {
        signIn = GssSignIn.start(p.gss(), Authenticator.gssHost(h), p.user(), true);
      } catch (AuthenticationException e) {
        if (require) {
          throw new AuthenticationException("gssencmode=require, but there are no Kerberos credentials to encrypt"
              + " with: " + e.getMessage(), e);
        }
        return null;   // libpq: no credential cache, no GSSENCRequest
      }
      GssUpgrade.Answer answer;
      try {
        answer = GssUpgrade.request(tcp);
      } catch (IOException | RuntimeException e) {
        signIn.dispose();
        throw e;
      }
      switch (answer) {
        case NO -> {
          signIn.dispose();
          if (require) {
            throw new ConnectionException("gssencmode=require, but the server does not offer GSS encryption (it"
                + " answered 'N' to GSSENCRequest: PostgreSQL built without GSSAPI)", Outcome.NOT_SENT);
          }
          if (p.directTls()) {
            // libpq: a socket that had a GSSENCRequest cannot go on with direct TLS; a new one does
            throw new Unavailable("the server does not offer GSS encryption", null);
          }
          return null;
        }
        case ERROR -> {
          signIn.dispose();
          String why = "the server does not know GSSENCRequest (PostgreSQL before 12)";
          if (require) {
            throw new ConnectionException("gssencmode=require, but " + why, Outcome.NOT_SENT);
          }
          throw new Unavailable(why, null);
        }
        default -> {
          try {
            return GssUpgrade.handshake(tcp, signIn);
          } catch (AuthenticationException | ServerException e) {
            if (require) {
              throw e instanceof AuthenticationException a
                  ? new AuthenticationException("GSS encryption (gssencmode=require) failed: " + a.getMessage(), a)
                  : e;
            }
            throw new Unavailable("GSS encryption failed: " + e.getMessage(), e);
          }
        }
      }
    } catch (RuntimeException e) {
      tcp.close();
      throw e;
    }
  }

  /**
   * A cancel connection for a GSS-encrypted session: encrypted the same way, or none (the cancel
   * key is the session's secret and never travels in the clear where the session did not).
   */
  static Transport forCancel(SocketTransport tcp, ConnectPlan p, HostPort.Tcp h) throws IOException {
    GssSignIn signIn = GssSignIn.start(p.gss(), Authenticator.gssHost(h), p.user(), true);
    GssUpgrade.Answer answer;
    try {
      answer = GssUpgrade.request(tcp);
    } catch (IOException | RuntimeException e) {
      signIn.dispose();
      throw e;
    }
    if (answer != GssUpgrade.Answer.GO) {
      signIn.dispose();
      throw new IOException("the server no longer offers GSS encryption for the cancel request");
    }
    return GssUpgrade.handshake(tcp, signIn);
  }
}
