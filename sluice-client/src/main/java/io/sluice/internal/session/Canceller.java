package io.sluice.internal.session;

import io.sluice.internal.engine.ServerSession;
import io.sluice.HostPort;
import io.sluice.SslMode;
import io.sluice.internal.engine.Deadlines;
import io.sluice.internal.net.SocketTransport;
import io.sluice.internal.net.TlsUpgrade;
import io.sluice.internal.net.Transport;
import io.sluice.internal.net.UnixTransport;
import io.sluice.protocol.FrontendMessage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Sends a CancelRequest on a new connection to the same server, with the session's process id
 * and key (4 bytes in protocol 3.0, longer in 3.2), and waits until the server closes that
 * connection, which it does once the cancel signal was delivered: after that, the signal cannot
 * arrive late and hit a request written afterwards. The whole exchange has its own deadline.
 * When the session uses TLS or GSS encryption, so does the cancel connection (negotiated the same
 * way), so that the key is never sent in the clear.
 */
public final class Canceller {
  private Canceller() {}

  /**
   * Returns whether the server acknowledged (closed the cancel connection) in time. Recorded as a
   * JFR {@code io.sluice.Cancel} event while a recording takes it.
   */
  public static boolean cancel(ServerSession s, ConnectPlan p, long timeoutNanos) {
    if (s.secretKey() == null || s.endpoint() == null) {
      return false;
    }
    io.sluice.internal.jfr.CancelEvent recorded = io.sluice.internal.jfr.CancelEvent.begun();
    boolean acknowledged = deliver(s, p, timeoutNanos);
    if (recorded != null) {
      recorded.ended(s.connectionInfo(), acknowledged);
    }
    return acknowledged;
  }

  private static boolean deliver(ServerSession s, ConnectPlan p, long timeoutNanos) {
    Transport[] t = new Transport[1];
    Deadlines.Timer timer = Deadlines.after(timeoutNanos, () -> {
      if (t[0] != null) {
        t[0].close();
      }
    });
    try {
      if (s.endpoint() instanceof HostPort.UnixSocket u) {
        t[0] = UnixTransport.connect(u.socketFile());
      } else {
        HostPort.Tcp h = (HostPort.Tcp) s.endpoint();
        InetAddress addr = InetAddress.getByName(h.connectAddress());
        SocketTransport tcp = SocketTransport.connect(new InetSocketAddress(addr, h.port()),
            (int) Math.max(1, timeoutNanos / 1_000_000));
        t[0] = tcp;
        if (s.transport().isGssEncrypted() && p != null) {
          // libpq (PQcancelCreate) sends the CancelRequest after a GSSENCRequest, inside the encryption
          t[0] = GssEncryption.forCancel(tcp, p, h);
        } else if (s.transport().isSecure() && p != null && p.tls() != null) {
          // the cancel key is a secret of the session: it travels encrypted when the session does
          if (!p.directTls()) {
            Connector.requestTls(tcp, SslMode.REQUIRE);   // never the clear: the session is not
          }
          t[0] = TlsUpgrade.handshake(tcp, h.name().orElse(h.connectAddress()), p.tls());
        }
      }
      byte[] msg = FrontendMessage.toBytes(new FrontendMessage.CancelRequest(s.processId(), s.secretKey()));
      t[0].write(msg, 0, msg.length);
      byte[] sink = new byte[64];
      while (t[0].read(sink, 0, sink.length) >= 0) {
        // the server sends nothing; it closes the connection when done
      }
      return !timer.fired();
    } catch (IOException | java.security.GeneralSecurityException | io.sluice.SluiceException e) {
      return false;
    } finally {
      timer.cancel();
      if (t[0] != null) {
        t[0].close();
      }
    }
  }
}
