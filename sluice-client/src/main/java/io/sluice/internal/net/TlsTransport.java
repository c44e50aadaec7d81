package io.sluice.internal.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;

/** TLS over TCP, after the handshake. */
public final class TlsTransport implements Transport {
  private final SSLSocket socket;
  private final InputStream in;
  private final OutputStream out;
  private final String description;
  private volatile boolean open = true;

  TlsTransport(SSLSocket socket, String description) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    this.description = description;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return in.read(b, off, len);
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
      // nothing useful to do
    }
  }

  @Override
  public boolean isSecure() {
    return true;
  }

  @Override
  public X509Certificate peerCertificate() {
    try {
      Certificate[] chain = socket.getSession().getPeerCertificates();
      return chain.length > 0 && chain[0] instanceof X509Certificate x ? x : null;
    } catch (SSLPeerUnverifiedException e) {
      return null;
    }
  }

  @Override
  public String tlsProtocol() {
    return socket.getSession().getProtocol();
  }

  @Override
  public String describe() {
    return description;
  }
}
