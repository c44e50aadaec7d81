package org.postgresql.largeobject;

import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;

/** {@link LargeObject#getInputStream()}: reads the object a chunk at a time from its position, up to a limit. */
final class LargeObjectInput extends InputStream {
  /** pgjdbc's default: 64 kB per {@code loread}. */
  static final int CHUNK = 64 * 1024;

  private final LargeObject lo;
  private final int chunk;
  private long left;
  private byte[] buffer = new byte[0];
  private int at;
  private boolean closed;

  LargeObjectInput(LargeObject lo, int chunk, long limit) {
    this.lo = lo;
    this.chunk = Math.max(1, chunk);
    this.left = limit < 0 ? Long.MAX_VALUE : limit;
  }

  /** Whether bytes are buffered, reading the next chunk if none are; false at the end. */
  private boolean fill() throws IOException {
    if (closed) {
      throw new IOException("the large object's stream is closed");
    }
    if (at < buffer.length) {
      return true;
    }
    if (left == 0) {
      return false;
    }
    try {
      buffer = lo.read((int) Math.min(chunk, left));
    } catch (SQLException e) {
      throw new IOException(e);
    }
    at = 0;
    left -= buffer.length;
    return buffer.length > 0;
  }

  @Override
  public int read() throws IOException {
    return fill() ? buffer[at++] & 0xFF : -1;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    if (!fill()) {
      return -1;
    }
    int n = Math.min(len, buffer.length - at);
    System.arraycopy(buffer, at, b, off, n);
    at += n;
    return n;
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
