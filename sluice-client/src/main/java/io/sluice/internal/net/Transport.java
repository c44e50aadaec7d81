package io.sluice.internal.net;

import io.sluice.protocol.ByteSource;
import java.io.IOException;
import java.security.cert.X509Certificate;

/**
 * A byte stream to the server: TCP, TLS or GSS encryption over TCP, or a Unix-domain socket. Blocking, and built for
 * virtual threads (the JDK's socket implementations park a virtual thread instead of pinning it).
 * One reader and one writer may use it at once; {@link #close()} may be called from any thread and
 * unblocks both.
 */
public interface Transport extends ByteSource, AutoCloseable {

  /** Writes all {@code len} bytes and pushes them to the network. */
  void write(byte[] b, int off, int len) throws IOException;

  /** Closes at once; blocked reads and writes fail. Never throws. */
  @Override
  void close();

  boolean isOpen();

  /**
   * What waits to be read, told without blocking, for a reader that is not reading: a positive
   * number when bytes have arrived, 0 when none have, -1 when the peer has closed the connection
   * (then reading reports it). Under TLS it counts the encrypted bytes waiting on the socket below,
   * so that a FATAL the server sent to an idle connection is seen, but cannot see a bare close.
   */
  default int available() throws IOException {
    return 0;
  }

  /**
   * Bounds each following read to {@code millis} (0: no bound), for a caller that must stop
   * waiting at its deadline whatever the server does: a read that gets nothing in time throws a
   * {@link java.net.SocketTimeoutException} and the stream stays usable. False where the transport
   * cannot (GSS encryption): its reads block as before.
   */
  default boolean readTimeout(int millis) {
    return false;
  }

  /** Whether bytes are encrypted (TLS). */
  default boolean isSecure() {
    return false;
  }

  /** Whether bytes are GSS-encrypted ({@code gssencmode}; not TLS, so {@link #isSecure()} is false). */
  default boolean isGssEncrypted() {
    return false;
  }

  /** The server's certificate under TLS, else {@code null}. */
  default X509Certificate peerCertificate() {
    return null;
  }

  /** The TLS protocol in use, e.g. {@code TLSv1.3}, or {@code null}. */
  default String tlsProtocol() {
    return null;
  }

  /** A short description for messages, e.g. {@code tcp 127.0.0.1:5432}. */
  String describe();
}
