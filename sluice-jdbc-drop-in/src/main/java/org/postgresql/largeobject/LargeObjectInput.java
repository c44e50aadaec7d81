package org.postgresql.largeobject;

import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;

/**
 * {@link LargeObject#getInputStream()}: reads the object a chunk at a time from its position when
 * the stream was made, up to a limit. As pgjdbc's stream: {@code read} into an array fills it as
 * far as the object and the limit go; {@code mark} and {@code reset} work (the first mark is that
 * starting position) by seeking back; {@code skip} seeks, past the end too (large objects are
 * sparse; reads there find the end), and a seek past the server's maximum is an IOException.
 */
final class LargeObjectInput extends InputStream {
  /** pgjdbc's default: 64 kB per {@code loread}. */
  static final int CHUNK = 64 * 1024;

  private final LargeObject lo;
  private final int chunk;
  /** The object's position of the stream's first byte, and how many bytes the stream may give from there. */
  private final long start;
  private final long limit;
  /** The object's position of the next byte this stream gives. */
  private long pos;
  private long mark;
  private byte[] buffer = new byte[0];
  private int at;
  private boolean closed;

  LargeObjectInput(LargeObject lo, int chunk, long limit) throws SQLException {
    this.lo = lo;
    this.chunk = Math.max(1, chunk);
    this.start = lo.tell64();
    this.limit = limit < 0 ? Long.MAX_VALUE : limit;
    this.pos = start;
    this.mark = start;
  }

  private long left() {
    long used = pos - start;
    return used >= limit ? 0 : limit - used;
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException("the large object's stream is closed");
    }
  }

  /** Whether bytes are buffered, reading the next chunk if none are; false at the end. */
  private boolean fill() throws IOException {
    checkOpen();
    if (at < buffer.length) {
      return true;
    }
    long left = left();
    if (left == 0) {
      return false;
    }
    try {
      buffer = lo.read((int) Math.min(chunk, left));
    } catch (SQLException e) {
      throw new IOException(e);
    }
    at = 0;
    return buffer.length > 0;
  }

  @Override
  public int read() throws IOException {
    if (!fill()) {
      return -1;
    }
    pos++;
    return buffer[at++] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    int done = 0;
    while (done < len && fill()) {
      int n = Math.min(len - done, buffer.length - at);
      System.arraycopy(buffer, at, b, off + done, n);
      at += n;
      pos += n;
      done += n;
    }
    return done == 0 ? -1 : done;
  }

  /** Seeks {@code n} bytes on (no further than the limit), whether or not the object goes that far. */
  @Override
  public long skip(long n) throws IOException {
    checkOpen();
    if (n <= 0) {
      return 0;
    }
    long step = Math.min(n, left());
    int buffered = buffer.length - at;
    if (step <= buffered) {
      at += (int) step;
      pos += step;
      return step;
    }
    seekTo(pos + step);
    return step;
  }

  @Override
  public boolean markSupported() {
    return true;
  }

  @Override
  public synchronized void mark(int readLimit) {
    mark = pos;
  }

  @Override
  public synchronized void reset() throws IOException {
    checkOpen();
    seekTo(mark);
  }

  /** The object's position moves to {@code target}; what was buffered is dropped. */
  private void seekTo(long target) throws IOException {
    try {
      lo.seek64(target, LargeObject.SEEK_SET);
    } catch (SQLException e) {
      throw new IOException("cannot seek the large object " + lo.getLongOID() + " to " + target + ": "
          + e.getMessage(), e);
    }
    buffer = new byte[0];
    at = 0;
    pos = target;
  }

  @Override
  public int available() {
    return buffer.length - at;
  }

  /** Closes the large object too, as pgjdbc's stream does. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      lo.close();
    } catch (SQLException e) {
      throw new IOException("Can not close large object " + lo.getLongOID(), e);
    }
  }
}
