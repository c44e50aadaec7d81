package io.sluice.internal.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/** TCP, optionally wrapped in TLS by {@link TlsUpgrade}. */
public final class TcpTransport implements Transport {
  final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final String description;
  private volatile boolean open = true;

  TcpTransport(Socket socket, String description) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    this.description = description;
  }

  /** Connects with a timeout (0: the system's); keeps Nagle off, as every round trip counts. */
  public static TcpTransport connect(InetSocketAddress address, int timeoutMillis) throws IOException {
    Socket s = new Socket();
    try {
      s.setTcpNoDelay(true);
      s.setKeepAlive(true);
      s.connect(address, Math.max(0, timeoutMillis));
      return new TcpTransport(s, "tcp " + address.getHostString() + ":" + address.getPort());
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return in.read(b, off, len);
  }

  /** Bytes readable without blocking. */
  public int available() throws IOException {
    return in.available();
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
  public String describe() {
    return description;
  }
}
