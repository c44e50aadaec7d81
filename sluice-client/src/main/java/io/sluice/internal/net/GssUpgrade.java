package io.sluice.internal.net;

import io.sluice.ServerException;
import io.sluice.internal.gss.GssSignIn;
import io.sluice.protocol.BackendDecoder;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrontendMessage;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Turns a TCP transport into GSS encryption, as TLS is layered by {@link TlsUpgrade}: the
 * GSSENCRequest ({@link #request}), then the security context established over raw packets
 * ({@link #handshake}): each token as a 4-byte big-endian length and the token, no message type,
 * the client first (PostgreSQL's {@code secure_open_gssapi}, libpq's {@code pqsecure_open_gss}).
 */
public final class GssUpgrade {
  private GssUpgrade() {}

  /**
   * {@code PQ_GSS_AUTH_BUFFER_SIZE}: during the handshake a packet may be this large, length word
   * included (Kerberos tickets with a large PAC outgrow the data packets' 16 KiB).
   */
  static final int MAX_HANDSHAKE_PACKET = 65536;

  /** The server's one-byte answer to GSSENCRequest. */
  public enum Answer {
    /** 'G': go on with the security context. */
    GO,
    /** 'N': no GSS encryption here (a server built without GSSAPI, or a Unix socket). */
    NO,
    /**
     * An ErrorResponse: a server too old to know the request (before PostgreSQL 12); libpq then
     * reconnects without it.
     */
    ERROR
  }

  /**
   * Sends GSSENCRequest and reads the answer. After 'G' nothing may wait: the server sends nothing
   * until the client's first token, so bytes already there were put in by someone else (the rule
   * of CVE-2021-23222, as after an SSLRequest).
   */
  public static Answer request(SocketTransport tcp) throws IOException {
    byte[] req = FrontendMessage.toBytes(FrontendMessage.GSSENCRequest.INSTANCE);
    tcp.write(req, 0, req.length);
    byte[] one = new byte[1];
    if (tcp.read(one, 0, 1) < 0) {
      throw new EOFException("the server closed the connection in answer to GSSENCRequest");
    }
    return switch (one[0]) {
      case 'G' -> {
        if (tcp.available() > 0) {
          throw new IOException("the server sent unencrypted data after agreeing to GSS encryption;"
              + " possible man-in-the-middle, connection closed");
        }
        yield Answer.GO;
      }
      case 'N' -> Answer.NO;
      case 'E' -> Answer.ERROR;
      default -> throw new IOException("unexpected answer to GSSENCRequest: byte " + (one[0] & 0xFF));
    };
  }

  /**
   * Establishes {@code signIn}'s security context with the server over {@code tcp} and returns the
   * encrypted transport. A failure of the context itself is {@code signIn}'s {@code
   * AuthenticationException} naming the cause (no ticket, unknown service principal, clock skew);
   * an ErrorResponse from the server is a {@link ServerException}; on any failure {@code signIn}'s
   * context is released, and the caller closes the socket.
   */
  public static GssTransport handshake(SocketTransport tcp, GssSignIn signIn) throws IOException {
    try {
      byte[] token = signIn.step(null);
      byte[] packet = new byte[4];
      while (true) {
        if (token.length > 0) {
          send(tcp, token);
        }
        if (signIn.isEstablished()) {
          break;
        }
        readFully(tcp, packet, 0, 4);
        if (packet[0] == 'E') {
          throw serverError(tcp, packet);
        }
        int length = ((packet[0] & 0xFF) << 24) | ((packet[1] & 0xFF) << 16) | ((packet[2] & 0xFF) << 8)
            | (packet[3] & 0xFF);
        if (length <= 0 || length > MAX_HANDSHAKE_PACKET - 4) {
          throw new IOException("the server sent a GSSAPI token of " + Integer.toUnsignedString(length)
              + " bytes during the handshake; at most " + (MAX_HANDSHAKE_PACKET - 4) + " are allowed");
        }
        byte[] fromServer = new byte[length];
        readFully(tcp, fromServer, 0, length);
        token = signIn.step(fromServer);
      }
      signIn.requireProtection();
      return new GssTransport(tcp, signIn.context());
    } catch (IOException | RuntimeException e) {
      signIn.dispose();
      throw e;
    }
  }

  private static void send(SocketTransport tcp, byte[] token) throws IOException {
    if (token.length > MAX_HANDSHAKE_PACKET - 4) {
      throw new IOException("the GSSAPI token for the server is " + token.length + " bytes, more than the "
          + (MAX_HANDSHAKE_PACKET - 4) + " PostgreSQL accepts");
    }
    byte[] packet = new byte[4 + token.length];
    packet[0] = (byte) (token.length >>> 24);
    packet[1] = (byte) (token.length >>> 16);
    packet[2] = (byte) (token.length >>> 8);
    packet[3] = (byte) token.length;
    System.arraycopy(token, 0, packet, 4, token.length);
    tcp.write(packet, 0, packet.length);
  }

  /**
   * The server's ErrorResponse in place of a token ('E', a length, the fields), e.g. a FATAL from
   * a server that could not accept the context; as text if it does not decode.
   */
  private static IOException serverError(SocketTransport tcp, byte[] head) throws IOException {
    int length = ((head[1] & 0xFF) << 24) | ((head[2] & 0xFF) << 16) | ((head[3] & 0xFF) << 8);
    byte[] last = new byte[1];
    readFully(tcp, last, 0, 1);
    length |= last[0] & 0xFF;
    if (length >= 4 && length <= MAX_HANDSHAKE_PACKET) {
      byte[] body = new byte[length - 4];
      readFully(tcp, body, 0, body.length);
      BackendMessage m;
      try {
        m = BackendDecoder.decode((byte) 'E', body, 0, body.length);
      } catch (RuntimeException notAnErrorResponse) {
        m = null;
      }
      if (m instanceof BackendMessage.ErrorResponse err) {
        throw new ServerException(err.fields());
      }
      return new IOException("the server sent an error during the GSS handshake: "
          + new String(body, StandardCharsets.UTF_8).replaceAll("[^\\p{Print}]", " ").strip());
    }
    return new IOException("the server sent a malformed error during the GSS handshake");
  }

  private static void readFully(SocketTransport tcp, byte[] b, int off, int len) throws IOException {
    while (len > 0) {
      int n = tcp.read(b, off, len);
      if (n < 0) {
        throw new EOFException("the server closed the connection during the GSS handshake");
      }
      off += n;
      len -= n;
    }
  }
}
