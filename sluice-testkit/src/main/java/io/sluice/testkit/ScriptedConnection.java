package io.sluice.testkit;

import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrontendMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One client connection to a {@link ScriptedServer}, after start-up: the script reads what the
 * client sends, exchange by exchange, and decides what to answer — the correct replies, or
 * anything else. Every read is bounded by the socket's timeout.
 */
public final class ScriptedConnection {
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final FrontendStream stream = new FrontendStream();
  private final FakeBackend backend;
  private final byte[] readBuffer = new byte[8192];

  ScriptedConnection(Socket socket, FakeDatabase db) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    this.backend = new FakeBackend(db);
  }

  /** The next message from the client; null when it hung up. */
  public FrontendMessage read() throws IOException {
    while (true) {
      FrontendMessage m = stream.poll();
      if (m != null) {
        return m;
      }
      int n = in.read(readBuffer);
      if (n < 0) {
        return null;
      }
      stream.feed(readBuffer, 0, n);
    }
  }

  /**
   * The client's messages up to and including the next Sync or Flush, with PostgreSQL's replies
   * to them; null when the client sent Terminate or hung up first.
   */
  public Exchange next() throws IOException {
    List<FrontendMessage> messages = new ArrayList<>();
    List<BackendMessage> replies = new ArrayList<>();
    String sql = null;
    while (true) {
      FrontendMessage m = read();
      if (m == null || m instanceof FrontendMessage.Terminate) {
        return null;
      }
      messages.add(m);
      if (sql == null) {
        sql = backend.sqlOf(m);
      }
      replies.addAll(backend.handle(m));
      if (m instanceof FrontendMessage.Sync || m instanceof FrontendMessage.Flush
          || m instanceof FrontendMessage.Query) {
        return new Exchange(messages, replies, sql);
      }
    }
  }

  /** Sends the correct replies of an exchange. */
  public void answer(Exchange x) throws IOException {
    send(x.bytes());
  }

  /**
   * Answers exchanges correctly until one matches, which is returned unanswered; null when the
   * client left first.
   */
  public Exchange serveUntil(Predicate<Exchange> which) throws IOException {
    while (true) {
      Exchange x = next();
      if (x == null || which.test(x)) {
        return x;
      }
      answer(x);
    }
  }

  /** Answers every exchange correctly until the client leaves. */
  public void serveRest() throws IOException {
    serveUntil(x -> false);
  }

  public void send(BackendMessage... messages) throws IOException {
    send(Replies.bytes(messages));
  }

  public void send(List<? extends BackendMessage> messages) throws IOException {
    send(Replies.bytes(messages));
  }

  public void send(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  /**
   * Sets how long a read waits for the client; past it the read throws and the script ends, which
   * closes the connection. A client that waits for a reply that never comes is thus released by an
   * end of stream.
   */
  public void readTimeout(int millis) throws IOException {
    socket.setSoTimeout(millis);
  }

  /** Closes the connection at once. */
  public void hangUp() throws IOException {
    socket.close();
  }
}
