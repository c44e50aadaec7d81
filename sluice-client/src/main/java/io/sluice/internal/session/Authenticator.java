package io.sluice.internal.session;

import io.sluice.internal.engine.ServerSession;
import io.sluice.AuthenticationException;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.ChannelBindingMode;
import io.sluice.HostPort;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendMessage.*;
import io.sluice.internal.gss.GssSignIn;
import io.sluice.internal.oauth.OAuthSignIn;
import io.sluice.protocol.FrontendMessage.GSSResponse;
import io.sluice.protocol.FrontendMessage.PasswordMessage;
import io.sluice.protocol.FrontendMessage.SASLInitialResponse;
import io.sluice.protocol.FrontendMessage.SASLResponse;
import io.sluice.protocol.auth.AuthMethod;
import io.sluice.protocol.auth.ChannelBinding;
import io.sluice.protocol.auth.Md5Password;
import io.sluice.protocol.auth.OAuthBearer;
import io.sluice.protocol.auth.ScramSha256;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;

/**
 * The authentication exchange, from the startup message to AuthenticationOk. Policy is enforced
 * here, in Sluice's own code, before any secret leaves: {@code require_auth} refuses methods the
 * user did not allow (a server offering cleartext where SCRAM was required is refused, not
 * answered), and {@code channel_binding=require} refuses anything but SCRAM-SHA-256-PLUS
 * (pgjdbc CVE-2025-49146).
 */
final class Authenticator {
  private Authenticator() {}

  static void authenticate(ServerSession s, ConnectPlan p, HostPort e) {
    ScramSha256 scram = null;
    GssSignIn gss = null;
    OAuthSignIn oauth = null;
    AuthMethod used = AuthMethod.NONE;
    boolean usedPlus = false;
    while (true) {
      BackendMessage m = s.next(Outcome.NOT_SENT);
      switch (m) {
        case AuthenticationOk ok -> {
          if (scram != null && !scram.isComplete()) {
            throw refuse("the server ended SCRAM authentication without proving it knows the password");
          }
          if (oauth != null) {
            oauth.succeeded();
          }
          if (gss != null) {
            boolean established = gss.isEstablished();
            gss.dispose();
            if (!established) {
              throw refuse("the server ended GSSAPI authentication without proving it is the service");
            }
          }
          if (used == AuthMethod.NONE && s.transport().isGssEncrypted()) {
            // a gss line over GSS encryption asks for nothing more: the server took the principal from the
            // encryption's security context. libpq's require_auth=gss counts that (check_expected_areq);
            // here it counts as gss only, so require_auth without gss refuses it (libpq lets "!gss" through)
            allow(p, AuthMethod.GSS,
                "GSSAPI (Kerberos) authentication, taken from the GSS encryption's security context");
            used = AuthMethod.GSS;
          }
          if (used == AuthMethod.NONE && !p.allowedAuth().contains(AuthMethod.NONE)) {
            throw refuse("the server did not ask for a password, but require_auth does not allow 'none'");
          }
          if (p.channelBinding() == ChannelBindingMode.REQUIRE && !usedPlus) {
            throw refuse("channel_binding=require, but the server authenticated without channel binding");
          }
          s.authenticated(used);
          return;
        }
        case NegotiateProtocolVersion v -> Connector.negotiated(s, v);
        case ErrorResponse err -> {
          // after a bearer token, not a ServerException: sslmode=prefer must not resend it without TLS
          throw oauth != null ? oauth.failed(new ServerException(err.fields())) : new ServerException(err.fields());
        }
        case AuthenticationCleartextPassword c -> {
          allow(p, AuthMethod.PASSWORD, "a cleartext password");
          used = AuthMethod.PASSWORD;
          s.send(new PasswordMessage(password(p, e).getBytes(StandardCharsets.UTF_8)), Outcome.NOT_SENT);
        }
        case AuthenticationMD5Password md5 -> {
          allow(p, AuthMethod.MD5, "an MD5 password");
          used = AuthMethod.MD5;
          String hashed = Md5Password.encode(p.user(), password(p, e), md5.salt());
          s.send(new PasswordMessage(hashed.getBytes(StandardCharsets.US_ASCII)), Outcome.NOT_SENT);
        }
        case AuthenticationSASL sasl -> {
          if (scram != null || oauth != null) {
            throw refuse("the server started SASL authentication twice");
          }
          if (offersOnlyOAuth(sasl)) {
            allow(p, AuthMethod.OAUTH, "an OAuth bearer token");
            used = AuthMethod.OAUTH;
            oauth = OAuthSignIn.start(p.oauth(), e, p.user());
            s.send(new SASLInitialResponse(OAuthBearer.MECHANISM, oauth.initialResponse()), Outcome.NOT_SENT);
            break;
          }
          allow(p, AuthMethod.SCRAM_SHA_256, "SASL authentication");
          used = AuthMethod.SCRAM_SHA_256;
          ChannelBinding binding = chooseBinding(s, p, sasl);
          usedPlus = binding.kind() == ChannelBinding.Kind.TLS_SERVER_END_POINT;
          try {
            scram = ScramSha256.create(password(p, e), binding, p.maxScramIterations());
            s.send(new SASLInitialResponse(scram.mechanism(), scram.clientFirstMessage()), Outcome.NOT_SENT);
          } catch (io.sluice.protocol.auth.AuthExchangeException | IllegalArgumentException ex) {
            throw refuse(ex.getMessage());
          }
        }
        case AuthenticationSASLContinue c -> {
          if (oauth != null) {
            s.send(new SASLResponse(oauth.answer(c.data())), Outcome.NOT_SENT);
            break;
          }
          if (scram == null) {
            throw refuse("the server sent SASL data before starting SASL");
          }
          try {
            s.send(new SASLResponse(scram.clientFinalMessage(c.data())), Outcome.NOT_SENT);
          } catch (io.sluice.protocol.auth.AuthExchangeException | IllegalStateException ex) {
            throw refuse(ex.getMessage());
          }
        }
        case AuthenticationSASLFinal f -> {
          if (scram == null) {
            throw refuse("the server sent SASL data before starting SASL");
          }
          try {
            scram.verifyServerFinal(f.data());
          } catch (io.sluice.protocol.auth.AuthExchangeException | IllegalStateException ex) {
            throw refuse(ex.getMessage());
          }
        }
        case AuthenticationGSS g -> {
          if (gss != null) {
            throw refuse("the server started GSSAPI authentication twice");
          }
          allow(p, AuthMethod.GSS, "GSSAPI (Kerberos) authentication");
          used = AuthMethod.GSS;
          gss = GssSignIn.start(p.gss(), gssHost(e), p.user());
          sendGss(s, gss.step(null));
        }
        case AuthenticationGSSContinue c -> {
          if (gss == null) {
            throw refuse("the server sent GSSAPI data before starting GSSAPI");
          }
          sendGss(s, gss.step(c.data()));
        }
        case AuthenticationSSPI g -> throw refuse("the server asks for SSPI authentication, which Sluice does not support");
        case AuthenticationKerberosV5 k -> throw refuse("the server asks for Kerberos V5 authentication, which Sluice does not support");
        default -> throw new AuthenticationException("unexpected " + m.getClass().getSimpleName() + " during authentication");
      }
    }
  }

  /** OAUTHBEARER is chosen only when no SCRAM mechanism is offered (one pg_hba line, one method). */
  private static boolean offersOnlyOAuth(AuthenticationSASL sasl) {
    return sasl.mechanisms().contains(OAuthBearer.MECHANISM)
        && !sasl.mechanisms().contains(ScramSha256.MECHANISM)
        && !sasl.mechanisms().contains(ScramSha256.MECHANISM_PLUS);
  }

  private static void sendGss(ServerSession s, byte[] token) {
    if (token.length > 0) {
      s.send(new GSSResponse(token), Outcome.NOT_SENT);
    }
  }

  /**
   * The host of the service principal: the host name as given (libpq uses it as given, no reverse
   * lookup), else the numeric address; {@code localhost} for a Unix socket.
   */
  static String gssHost(HostPort e) {
    return switch (e) {
      case HostPort.Tcp t -> t.name().or(t::hostaddr).orElse("localhost");
      case HostPort.UnixSocket u -> "localhost";
    };
  }

  private static ChannelBinding chooseBinding(ServerSession s, ConnectPlan p, AuthenticationSASL sasl) {
    boolean offersPlus = sasl.mechanisms().contains(ScramSha256.MECHANISM_PLUS);
    boolean offersPlain = sasl.mechanisms().contains(ScramSha256.MECHANISM);
    X509Certificate cert = s.transport().peerCertificate();
    if (p.channelBinding() != ChannelBindingMode.DISABLE && s.transport().isSecure() && offersPlus && cert != null) {
      try {
        return ChannelBinding.tlsServerEndPoint(ScramSha256.tlsServerEndPoint(cert));
      } catch (RuntimeException ex) {
        if (p.channelBinding() == ChannelBindingMode.REQUIRE) {
          throw refuse("channel binding is required but cannot be computed: " + ex.getMessage());
        }
      }
    }
    if (p.channelBinding() == ChannelBindingMode.REQUIRE) {
      throw refuse(offersPlus
          ? "channel_binding=require needs TLS"
          : "channel_binding=require, but the server does not offer SCRAM-SHA-256-PLUS (offered: "
              + String.join(", ", sasl.mechanisms()) + ")");
    }
    if (!offersPlain) {
      throw refuse("the server offers no SASL mechanism Sluice supports (offered: "
          + String.join(", ", sasl.mechanisms()) + ")");
    }
    // 'y': we could bind but the server did not offer it; a server that did offer -PLUS and sees
    // 'y' knows a man in the middle stripped it (RFC 5802 section 6)
    return s.transport().isSecure() && p.channelBinding() != ChannelBindingMode.DISABLE
        ? ChannelBinding.supportedNotOffered()
        : ChannelBinding.none();
  }

  private static void allow(ConnectPlan p, AuthMethod m, String what) {
    if (!p.allowedAuth().contains(m)) {
      throw refuse("the server asks for " + what + " (" + m.keyword() + "), which require_auth does not allow");
    }
    if (p.channelBinding() == ChannelBindingMode.REQUIRE && m != AuthMethod.SCRAM_SHA_256) {
      throw refuse("channel_binding=require, but the server asks for " + what + ", which has no channel binding");
    }
  }

  private static String password(ConnectPlan p, HostPort e) {
    String pw = p.password().apply(e);
    if (pw == null || pw.isEmpty()) {
      throw refuse("the server asks for a password, but none was given (password, PGPASSWORD, a password file or a password supplier)");
    }
    return pw;
  }

  private static AuthenticationException refuse(String message) {
    return new AuthenticationException(message);
  }
}
