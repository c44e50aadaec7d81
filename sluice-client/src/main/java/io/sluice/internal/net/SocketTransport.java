package io.sluice.internal.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;

/** TCP, or TLS over TCP once {@link TlsUpgrade} has wrapped the socket in an {@link SSLSocket}. */
public final class SocketTransport implements Transport {
  final Socket socket;
  /** The TCP socket under TLS (or the socket itself): its count of waiting bytes is exact. */
  private final Socket tcp;
  /** Sees a peer's close without blocking, on plain TCP (under TLS its bytes belong to the TLS layer). */
  private final ChannelPeek peek;
  private final InputStream in;
  private final OutputStream out;
  private final String description;
  private volatile boolean open = true;

  SocketTransport(Socket socket, String description) throws IOException {
    this(socket, socket, description);
  }

  SocketTransport(Socket socket, Socket tcp, String description) throws IOException {
    this.socket = socket;
    this.tcp = tcp;
    SocketChannel ch = socket == tcp ? socket.getChannel() : null;
    this.peek = ch == null ? null : new ChannelPeek(ch);
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    this.description = description;
  }

  /**
   * Connects with a timeout (0: the system's); keeps Nagle off, as every round trip counts. The
   * socket is a channel's, so that {@link #available} can see the server close it.
   */
  public static SocketTransport connect(InetSocketAddress address, int timeoutMillis) throws IOException {
    SocketChannel ch = SocketChannel.open();
    Socket s = ch.socket();
    try {
      s.setTcpNoDelay(true);
      s.setKeepAlive(true);
      s.connect(address, Math.max(0, timeoutMillis));
      return new SocketTransport(s, "tcp " + address.getHostString() + ":" + address.getPort());
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (peek != null) {
      int kept = peek.drainInto(b, off, len);
      if (kept > 0) {
        return kept;
      }
    }
    return in.read(b, off, len);
  }

  /**
   * SO_TIMEOUT: the JDK's socket (and TLS over it) waits with that bound and throws {@link
   * java.net.SocketTimeoutException}, the socket still valid ({@link Socket#setSoTimeout}).
   */
  @Override
  public boolean readTimeout(int millis) {
    try {
      socket.setSoTimeout(millis);
      return true;
    } catch (java.net.SocketException e) {
      return false;   // closed: the read reports it
    }
  }

  @Override
  public int available() throws IOException {
    if (peek == null) {
      return in.available() + (tcp == socket ? 0 : tcp.getInputStream().available());
    }
    return peek.poll();
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (peek == null) {
      out.write(b, off, len);
      out.flush();
      return;
    }
    peek.beginWrite();
    try {
      out.write(b, off, len);
      out.flush();
    } finally {
      peek.endWrite();
    }
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing a socket that is already broken tells us nothing new
    }
  }

  @Override
  public boolean isSecure() {
    return socket instanceof SSLSocket;
  }

  @Override
  public X509Certificate peerCertificate() {
    if (!(socket instanceof SSLSocket ssl)) {
      return null;
    }
    try {
      Certificate[] chain = ssl.getSession().getPeerCertificates();
      return chain.length > 0 && chain[0] instanceof X509Certificate x ? x : null;
    } catch (SSLPeerUnverifiedException e) {
      return null;
    }
  }

  @Override
  public String tlsProtocol() {
    return socket instanceof SSLSocket ssl ? ssl.getSession().getProtocol() : null;
  }

  @Override
  public String describe() {
    return description;
  }
}
