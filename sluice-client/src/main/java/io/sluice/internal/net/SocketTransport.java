package io.sluice.internal.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;

/** TCP, or TLS over TCP once {@link TlsUpgrade} has wrapped the socket in an {@link SSLSocket}. */
public final class SocketTransport implements Transport {
  final Socket socket;
  /** The TCP socket under TLS (or the socket itself): its count of waiting bytes is exact. */
  private final Socket tcp;
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
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    this.description = description;
  }

  /** Connects with a timeout (0: the system's); keeps Nagle off, as every round trip counts. */
  public static SocketTransport connect(InetSocketAddress address, int timeoutMillis) throws IOException {
    Socket s = new Socket();
    try {
      s.setTcpNoDelay(true);
      s.setKeepAlive(true);
      s.connect(address, Math.max(0, timeoutMillis));
      return new SocketTransport(s, "tcp " + address.getHostString() + ":" + address.getPort());
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return in.read(b, off, len);
  }

  @Override
  public int available() throws IOException {
    return tcp == socket ? in.available() : in.available() + tcp.getInputStream().available();
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    out.flush();
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
