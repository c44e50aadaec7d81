package io.sluice.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback echo server for proxy tests. It answers in whole batches of {@code batch} bytes:
 * with batch 1 it echoes whatever arrives at once; with batch N it stays silent until N bytes
 * have arrived, which makes "the client sent everything before any answer" deterministic.
 */
final class EchoServer implements AutoCloseable {
  private final ServerSocket listener;
  private final int batch;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final Thread acceptor;

  EchoServer(int batch) throws IOException {
    this.batch = batch;
    this.listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
    this.acceptor = Thread.ofVirtual().start(this::acceptLoop);
  }

  int port() {
    return listener.getLocalPort();
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket s = listener.accept();
        sockets.add(s);
        Thread.ofVirtual().start(() -> echo(s));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void echo(Socket s) {
    byte[] buffer = new byte[16 * 1024];
    ByteArrayOutputStream pending = new ByteArrayOutputStream();
    try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        pending.write(buffer, 0, n);
        int ready = pending.size() / batch * batch;
        if (ready > 0) {
          byte[] all = pending.toByteArray();
          out.write(all, 0, ready);
          pending.reset();
          pending.write(all, ready, all.length - ready);
        }
      }
    } catch (IOException ignored) {
      // the test closed or cut the connection
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket s : sockets) {
      s.close();
    }
    try {
      acceptor.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
