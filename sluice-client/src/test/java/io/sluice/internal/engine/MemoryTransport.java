package io.sluice.internal.engine;

import io.sluice.internal.net.Transport;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrontendMessage;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.FakeBackend;
import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.FrontendStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A connection to a fake server inside the JVM: what the client writes is answered at once by a
 * {@link FakeBackend}, so a request costs no socket and no thread. To test reply handling, the
 * next {@code n} exchanges can be held and answered together by any bytes at all ({@link #hold}).
 *
 * <p>When the client wants to read and nothing is left, the server has said everything: the read
 * sees the end of the stream, as from a server that closed the connection. (While exchanges are
 * held the read waits for them instead.)
 */
final class MemoryTransport implements Transport {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final FrontendStream frontend = new FrontendStream();
  private final FakeBackend backend;
  /** Everything the server sent, in order; the client has read {@link #readAt} bytes of it. */
  private byte[] sent = new byte[4096];
  private int sentSize;
  private int readAt;
  private final List<FrontendMessage> messages = new ArrayList<>();
  private final List<BackendMessage> replies = new ArrayList<>();
  private String sql;
  private int exchanges;
  private int holdFor;
  private final List<Exchange> held = new ArrayList<>();
  private Function<List<Exchange>, byte[]> answerHeld;
  private boolean open = true;

  MemoryTransport(FakeDatabase db) {
    this.backend = new FakeBackend(db);
  }

  /**
   * Holds the next {@code n} exchanges unanswered, then sends what {@code answer} makes of them
   * (in the order they arrived) in place of their replies.
   */
  void hold(int n, Function<List<Exchange>, byte[]> answer) {
    lock.lock();
    try {
      holdFor = n;
      held.clear();
      answerHeld = answer;
    } finally {
      lock.unlock();
    }
  }

  /** Sends what is held now, however few exchanges arrived. */
  void releaseHeld() {
    lock.lock();
    try {
      if (holdFor > 0) {
        holdFor = 0;
        send(answerHeld.apply(List.copyOf(held)));
      }
    } finally {
      lock.unlock();
    }
  }

  /** Waits until the server has received {@code n} exchanges in all; false if it timed out. */
  boolean awaitExchanges(int n, long timeoutNanos) throws InterruptedException {
    lock.lock();
    try {
      long left = timeoutNanos;
      while (exchanges < n) {
        if (left <= 0) {
          return false;
        }
        left = changed.awaitNanos(left);
      }
      return true;
    } finally {
      lock.unlock();
    }
  }

  int exchanges() {
    lock.lock();
    try {
      return exchanges;
    } finally {
      lock.unlock();
    }
  }

  /** Every byte the server has sent so far. */
  byte[] sentBytes() {
    lock.lock();
    try {
      return Arrays.copyOf(sent, sentSize);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    lock.lock();
    try {
      if (!open) {
        throw new IOException("the connection is closed");
      }
      frontend.feed(b, off, len);
      FrontendMessage m;
      while ((m = frontend.poll()) != null) {
        receive(m);
      }
    } finally {
      lock.unlock();
    }
  }

  /** One frontend message: answered by the backend; an exchange ends at Sync, Flush or Query. */
  private void receive(FrontendMessage m) {
    if (m instanceof FrontendMessage.Terminate) {
      return;
    }
    messages.add(m);
    if (sql == null) {
      sql = backend.sqlOf(m);
    }
    replies.addAll(backend.handle(m));
    if (m instanceof FrontendMessage.Sync || m instanceof FrontendMessage.Flush || m instanceof FrontendMessage.Query) {
      Exchange x = new Exchange(messages, replies, sql);
      messages.clear();
      replies.clear();
      sql = null;
      exchanges++;
      if (holdFor > 0) {
        held.add(x);
        if (held.size() == holdFor) {
          holdFor = 0;
          send(answerHeld.apply(List.copyOf(held)));
        }
      } else {
        send(x.bytes());
      }
      changed.signalAll();
    }
  }

  private void send(byte[] bytes) {
    if (sent.length - sentSize < bytes.length) {
      sent = Arrays.copyOf(sent, Math.max(sent.length * 2, sentSize + bytes.length));
    }
    System.arraycopy(bytes, 0, sent, sentSize, bytes.length);
    sentSize += bytes.length;
    changed.signalAll();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    lock.lock();
    try {
      while (true) {
        if (!open) {
          throw new IOException("the connection is closed");
        }
        int available = sentSize - readAt;
        if (available > 0) {
          int n = Math.min(available, len);
          System.arraycopy(sent, readAt, b, off, n);
          readAt += n;
          return n;
        }
        if (holdFor == 0) {
          return -1;   // nothing held, nothing left: the server has nothing more to say
        }
        changed.await(1, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading", e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void close() {
    lock.lock();
    try {
      open = false;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public boolean isOpen() {
    lock.lock();
    try {
      return open;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public String describe() {
    return "memory";
  }
}
