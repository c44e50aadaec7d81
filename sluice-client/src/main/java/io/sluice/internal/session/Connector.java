package io.sluice.internal.session;

import io.sluice.internal.engine.ServerSession;
import io.sluice.AuthenticationException;
import io.sluice.ConnectionException;
import io.sluice.GssEncMode;
import io.sluice.HostPort;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.event.EventListener;
import io.sluice.event.ConnectEnd;
import io.sluice.event.ConnectStart;
import io.sluice.event.Result;
import io.sluice.TargetSessionAttrs;
import io.sluice.internal.engine.Deadlines;
import io.sluice.internal.events.Events;
import io.sluice.internal.events.Started;
import io.sluice.internal.net.SocketTransport;
import io.sluice.internal.net.TlsUpgrade;
import io.sluice.internal.net.Transport;
import io.sluice.internal.net.UnixTransport;
import io.sluice.protocol.BackendMessage.BackendKeyData;
import io.sluice.protocol.BackendMessage.ErrorResponse;
import io.sluice.protocol.BackendMessage.NegotiateProtocolVersion;
import io.sluice.protocol.BackendMessage.ReadyForQuery;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ProtocolVersion;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Opens a session: for each endpoint in turn, connect the socket, negotiate GSS encryption or TLS
 * as {@code gssencmode} and {@code sslmode} say, send the startup message, authenticate, and read
 * until ReadyForQuery, all within the connect timeout. libpq's fallbacks apply: {@code
 * gssencmode=prefer} retries without GSS encryption, {@code sslmode=prefer} without TLS and
 * {@code allow} with TLS when the server rejects the first attempt.
 */
public final class Connector {
  private Connector() {}

  public static ServerSession connect(ConnectPlan p) {
    return connect(p, null);
  }

  /** As {@link #connect(ConnectPlan)}; each attempt on each host is reported to {@code events} (null: none). */
  public static ServerSession connect(ConnectPlan p, Events events) {
    List<String> failures = new ArrayList<>();
    SluiceException[] last = {null};
    TargetSessionAttrs want = p.targetSessionAttrs() == null ? TargetSessionAttrs.ANY : p.targetSessionAttrs();
    ServerSession s = firstFitting(p, want == TargetSessionAttrs.PREFER_STANDBY ? TargetSessionAttrs.STANDBY : want,
        failures, last, events);
    if (s == null && want == TargetSessionAttrs.PREFER_STANDBY) {
      failures.add("(no standby; trying every host again for any server)");
      s = firstFitting(p, TargetSessionAttrs.ANY, failures, last, events);
    }
    if (s != null) {
      return s;
    }
    if (p.endpoints().size() == 1 && last[0] != null && want == TargetSessionAttrs.ANY) {
      throw last[0];
    }
    throw new ConnectionException("could not connect to any host" + (want == TargetSessionAttrs.ANY ? ""
        : " with target_session_attrs=" + want.keyword()) + ":\n  " + String.join("\n  ", failures),
        Outcome.NOT_SENT, last[0]);
  }

  /** The first endpoint, in order, that accepts a session and fits {@code want}; null if none. */
  private static ServerSession firstFitting(ConnectPlan p, TargetSessionAttrs want, List<String> failures,
      SluiceException[] last, Events events) {
    for (HostPort e : p.endpoints()) {
      ServerSession s;
      try {
        s = connectEndpoint(p, e, events);
      } catch (SluiceException ex) {
        last[0] = ex;
        failures.add(e + ": " + ex.getMessage());
        continue;
      }
      String misfit;
      try {
        misfit = SessionAttrs.misfit(s, want, p.connectTimeoutNanos());
      } catch (SluiceException ex) {
        last[0] = ex;
        failures.add(e + ": could not check target_session_attrs: " + ex.getMessage());
        SessionAttrs.close(s);
        continue;
      }
      if (misfit == null) {
        return s;
      }
      failures.add(e + ": " + misfit + " (target_session_attrs=" + want.keyword() + ")");
      SessionAttrs.close(s);
    }
    return null;
  }

  /**
   * Connects to one endpoint. A server or pooler that does not know protocol 3.2 should answer
   * with NegotiateProtocolVersion, but some (PgBouncer before 1.20) reject the startup packet as
   * malformed ({@code 08P01}); then the attempt is made once more asking for 3.0.
   */
  static ServerSession connectEndpoint(ConnectPlan p, HostPort e) {
    return connectEndpoint(p, e, null);
  }

  private static ServerSession connectEndpoint(ConnectPlan p, HostPort e, Events events) {
    try {
      return connectEndpointOnce(p, e, events);
    } catch (io.sluice.internal.oauth.OAuthSignIn.Discovered ex) {
      // the server named its OAuth issuer and scope and ended the connection: once more, with a token for them
      return connectEndpointOnce(p, e, events);
    } catch (ServerException ex) {
      if (p.maxProtocolVersion() > ProtocolVersion.V3_0 && ex.sqlState().equals("08P01")
          && !ex.serverMessage().startsWith(UNSUPPORTED_PARAMETER)) {
        if (p.minProtocolVersion() > ProtocolVersion.V3_0) {
          throw new ServerException(ex.fields(), "asked for protocol " + ProtocolVersion.toString(p.maxProtocolVersion())
              + ", refused; min_protocol_version=" + ProtocolVersion.toString(p.minProtocolVersion())
              + " allows no retry with 3.0 (PgBouncer before 1.20 refuses a 3.2 start-up)");
        }
        try {
          return connectEndpointOnce(p.withMaxProtocolVersion(ProtocolVersion.V3_0), e, events);
        } catch (ServerException again) {
          throw startupRefusal(again);
        }
      }
      throw startupRefusal(ex);
    }
  }

  /** PgBouncer's refusal of a start-up parameter it does not pass on (its {@code ignore_startup_parameters}). */
  private static final String UNSUPPORTED_PARAMETER = "unsupported startup parameter";

  /**
   * The error, saying which start-up parameter Sluice sent and what to do, when a pooler refused
   * one (PgBouncer: "unsupported startup parameter: extra_float_digits"); others as they are.
   */
  private static ServerException startupRefusal(ServerException ex) {
    if (!ex.serverMessage().startsWith(UNSUPPORTED_PARAMETER)) {
      return ex;
    }
    return new ServerException(ex.fields(), "Sluice sends client_encoding, DateStyle, extra_float_digits and,"
        + " when set, application_name, options and TimeZone in the start-up packet; a pooler in front of the server"
        + " refused one: list it in PgBouncer's ignore_startup_parameters (extra_float_digits, options)");
  }

  /**
   * The attempts {@code sslmode} and {@code gssencmode} make on one endpoint, in libpq's order
   * ({@code select_next_encryption_method}): GSS encryption first when {@link GssEncryption#first}
   * says so, then TLS and plaintext as {@code sslmode} orders them. A server's refusal (an
   * ErrorResponse) moves on to the next; a client-side refusal is final. {@code
   * gssencmode=require} allows nothing but GSS encryption, whatever {@code sslmode} says.
   */
  private static ServerSession connectEndpointOnce(ConnectPlan p, HostPort e, Events events) {
    if (e instanceof HostPort.UnixSocket) {
      // PostgreSQL never offers TLS or GSS encryption on Unix sockets; libpq treats them as already secure for prefer
      if (p.gssEncMode() == GssEncMode.REQUIRE) {
        throw new ConnectionException("gssencmode=require, but PostgreSQL does not offer GSS encryption over a Unix"
            + " socket (" + e + "); connect over TCP", Outcome.NOT_SENT);
      }
      if (p.sslMode().requiresTls()) {
        throw new ConnectionException("sslmode requires TLS, which PostgreSQL does not offer over a Unix socket ("
            + e + "); connect over TCP", Outcome.NOT_SENT);
      }
      return attempt(p, e, false, false, events, null);
    }
    if (p.gssEncMode() == GssEncMode.REQUIRE) {
      return attempt(p, e, true, false, events, null);
    }
    List<Boolean> tls = switch (p.sslMode()) {   // sslnegotiation=direct comes only with a mode requiring TLS
      case DISABLE -> List.of(false);
      case ALLOW -> List.of(false, true);     // e.g. a hostssl-only rule refuses the first
      case PREFER -> List.of(true, false);    // e.g. a hostnossl-only rule refuses the first
      case REQUIRE, VERIFY_CA, VERIFY_FULL -> List.of(true);
    };
    int next = 0;
    RuntimeException gssFailure = null;
    if (GssEncryption.first(p, e)) {
      boolean[] encrypted = {false};
      try {
        // a server that answers 'N' (or no credentials) goes on to the first TLS step on the same socket
        return attempt(p, e, true, tls.get(0), events, encrypted);
      } catch (GssEncryption.Unavailable u) {
        gssFailure = u;
      } catch (ServerException ex) {
        if (encrypted[0]) {
          gssFailure = ex;   // e.g. a hostnogssenc rule: once more without GSS encryption
        } else if (tls.size() == 1) {
          throw ex;
        } else {
          next = 1;
        }
      }
    }
    for (int i = next; ; i++) {
      try {
        return attempt(p, e, false, tls.get(i), events, null);
      } catch (SluiceException ex) {
        if (i + 1 < tls.size() && ex instanceof ServerException) {
          continue;
        }
        if (gssFailure != null) {
          ex.addSuppressed(gssFailure);   // why the session is not GSS-encrypted
        }
        throw ex;
      }
    }
  }

  /**
   * One attempt, between its connect events when there are {@code events}; one that asks for GSS
   * encryption first reports {@code tls} false. {@code encrypted}, when given, is set once the
   * session is GSS-encrypted.
   */
  private static ServerSession attempt(ConnectPlan p, HostPort e, boolean gss, boolean tls, Events events,
      boolean[] encrypted) {
    if (!Events.on(events)) {
      return attempt(p, e, gss, tls, encrypted);
    }
    Started<ConnectStart> started = Started.begin(events, new ConnectStart(e, tls && !gss, p.database(), p.user()),
        EventListener::connectStart);
    ServerSession s;
    try {
      s = attempt(p, e, gss, tls, encrypted);
    } catch (RuntimeException | Error ex) {
      started.end(new ConnectEnd(started.start(), null, null, 0, started.elapsedNanos(), Result.of(ex),
          Result.sqlState(ex), ex), EventListener::connectEnd);
      throw ex;
    }
    started.end(new ConnectEnd(started.start(), s.authMethod(), s.transport().tlsProtocol(), s.processId(),
        started.elapsedNanos(), Result.SUCCEEDED, null, null), EventListener::connectEnd);
    return s;
  }

  private static ServerSession attempt(ConnectPlan p, HostPort e, boolean gss, boolean tls, boolean[] encrypted) {
    long start = System.nanoTime();
    long budget = p.connectTimeoutNanos();
    Transport[] current = new Transport[1];
    String[] stage = {"connecting"};
    Deadlines.Timer timer = budget > 0 ? Deadlines.after(budget, () -> {
      Transport t = current[0];
      if (t != null) {
        t.close();
      }
    }) : null;
    try {
      Transport t;
      if (e instanceof HostPort.UnixSocket u) {
        t = UnixTransport.connect(u.socketFile());
      } else {
        HostPort.Tcp h = (HostPort.Tcp) e;
        InetAddress addr = InetAddress.getByName(h.connectAddress());
        int remainingMs = budget > 0 ? (int) Math.max(1, (budget - (System.nanoTime() - start)) / 1_000_000) : 0;
        SocketTransport tcp = SocketTransport.connect(new InetSocketAddress(addr, h.port()), remainingMs);
        current[0] = tcp;
        t = tcp;
        if (gss) {
          stage[0] = "negotiating GSS encryption";
          Transport g = GssEncryption.negotiate(tcp, p, h);
          if (g != null) {
            t = g;
            if (encrypted != null) {
              encrypted[0] = true;
            }
          }
        }
        if (tls && t == tcp) {
          stage[0] = "negotiating TLS";
          if (p.directTls() || requestTls(tcp, p.sslMode())) {
            t = TlsUpgrade.handshake(tcp, h.name().orElse(h.connectAddress()), p.tls());
          }
        }
      }
      current[0] = t;
      if (timer != null && timer.fired()) {
        t.close();
      }
      stage[0] = "starting up";
      ServerSession s = new ServerSession(t, p.maxMessageSize(), p.trace());
      s.identify(e, p.database(), p.user(), (session, timeoutNanos) -> Canceller.cancel(session, p, timeoutNanos));
      try {
        startup(s, p, e, stage);
      } catch (RuntimeException | Error ex) {
        s.markBroken();   // an Error too (out of memory in a password supplier): no socket left open
        throw ex;
      }
      return s;
    } catch (IOException ex) {
      Transport t = current[0];
      if (t != null) {
        t.close();
      }
      if (gss && stage[0].equals("negotiating GSS encryption") && p.gssEncMode() == GssEncMode.PREFER
          && (timer == null || !timer.fired())) {
        throw new GssEncryption.Unavailable("GSS encryption failed: " + ex.getMessage(), ex);
      }
      if (timer != null && timer.fired()) {
        throw new ConnectionException("timed out after " + (budget / 1_000_000) + " ms " + stage[0] + " to "
            + e + " (connect_timeout)", Outcome.NOT_SENT, ex);
      }
      throw new ConnectionException("could not connect to " + e + " while " + stage[0] + ": "
          + ex.getMessage(), Outcome.NOT_SENT, ex);
    } catch (GeneralSecurityException ex) {
      Transport t = current[0];
      if (t != null) {
        t.close();
      }
      throw new ConnectionException("TLS with " + e + " failed: " + ex.getMessage(), Outcome.NOT_SENT, ex);
    } catch (ConnectionException ex) {
      if (timer != null && timer.fired() && !(ex instanceof AuthenticationException)) {
        throw new ConnectionException("timed out after " + (budget / 1_000_000) + " ms " + stage[0] + " to "
            + e + " (connect_timeout)", Outcome.NOT_SENT, ex);
      }
      throw ex;
    } finally {
      if (timer != null) {
        timer.cancel();
      }
    }
  }

  /**
   * SSLRequest, then exactly one byte: 'S' to go on with TLS (returns true), 'N' for no. Under
   * {@code sslmode=prefer} a 'N' is libpq's fallback, not a failure: the session starts on the same
   * socket in the clear (returns false), one attempt and no reconnect. Any other mode refuses it.
   */
  static boolean requestTls(SocketTransport tcp, SslMode mode) throws IOException {
    byte[] req = FrontendMessage.toBytes(FrontendMessage.SSLRequest.INSTANCE);
    tcp.write(req, 0, req.length);
    byte[] one = new byte[1];
    int n = tcp.read(one, 0, 1);
    if (n < 0) {
      throw new java.io.EOFException("the server closed the connection in answer to SSLRequest");
    }
    switch (one[0]) {
      case 'S' -> {
        // Anything already waiting after 'S' was sent before TLS began and could have been
        // injected by a man in the middle (CVE-2021-23222): refuse it.
        if (tcp.available() > 0) {
          tcp.close();
          throw new ConnectionException("the server sent unencrypted data after agreeing to TLS; "
              + "possible man-in-the-middle, connection closed", Outcome.NOT_SENT);
        }
        return true;
      }
      case 'N' -> {
        if (mode == SslMode.PREFER) {
          return false;
        }
        tcp.close();
        throw new ConnectionException("the server does not support TLS, but sslmode requires it", Outcome.NOT_SENT);
      }
      default -> {
        tcp.close();
        throw new ConnectionException("unexpected answer to SSLRequest: byte " + (one[0] & 0xFF),
            Outcome.NOT_SENT);
      }
    }
  }

  private static void startup(ServerSession s, ConnectPlan p, HostPort e, String[] stage) {
    List<Map.Entry<String, String>> params = new ArrayList<>();
    params.add(Map.entry("user", p.user()));
    params.add(Map.entry("database", p.database()));
    for (Map.Entry<String, String> kv : p.startup().entrySet()) {
      params.add(Map.entry(kv.getKey(), kv.getValue()));
    }
    s.protocolVersion(p.maxProtocolVersion());
    s.send(new FrontendMessage.StartupMessage(p.maxProtocolVersion(), params), Outcome.NOT_SENT);
    stage[0] = "authenticating";
    Authenticator.authenticate(s, p, e);
    stage[0] = "waiting for the server to be ready";
    while (true) {
      BackendMessage m = s.next(Outcome.NOT_SENT);
      switch (m) {
        case BackendKeyData k -> {
          s.keyData(k.processId(), k.secretKey());
        }
        case NegotiateProtocolVersion v -> negotiated(s, v);
        case ErrorResponse err -> throw new ServerException(err.fields());
        case ReadyForQuery r -> {
          if (s.protocolVersion() < p.minProtocolVersion()) {
            throw new ConnectionException("the server speaks protocol " + ProtocolVersion.toString(s.protocolVersion())
                + "; min_protocol_version is " + ProtocolVersion.toString(p.minProtocolVersion()), Outcome.NOT_SENT);
          }
          String enc = s.parameters().getOrDefault("client_encoding", "UTF8");
          if (!enc.equalsIgnoreCase("UTF8")) {
            throw new ConnectionException("the server uses client_encoding " + enc
                + "; Sluice speaks UTF8 only", Outcome.NOT_SENT);
          }
          return;
        }
        default -> throw new ConnectionException("unexpected " + m.getClass().getSimpleName()
            + " during startup", Outcome.NOT_SENT);
      }
    }
  }

  /** The server supports an older minor version (or not some options): use what it offers. */
  static void negotiated(ServerSession s, NegotiateProtocolVersion v) {
    int offered = (3 << 16) | v.newestMinorVersion();
    if (offered > s.protocolVersion() || v.newestMinorVersion() < 0) {
      throw new ConnectionException("the server offered protocol " + ProtocolVersion.toString(offered)
          + ", newer than the " + ProtocolVersion.toString(s.protocolVersion()) + " requested", Outcome.NOT_SENT);
    }
    s.protocolVersion(offered);
  }
}
