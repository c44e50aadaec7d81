package io.sluice.jdbc.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.SQLException;

/**
 * Streams over one large object, each keeping its own offset, so that several read and write at
 * once as pgjdbc's sub-objects do ({@code AbstractBlobClob.getBinaryStream}, {@code
 * setBinaryStream}). Reads fetch {@link #CHUNK} bytes a statement; writes go out when
 * {@link #CHUNK} bytes are buffered, on {@code flush} and on {@code close}.
 */
final class LargeObjectStreams {
  /** Bytes a statement reads or writes: few enough statements for a large object, little memory. */
  static final int CHUNK = 256 * 1024;

  private LargeObjectStreams() {}

  /** A failure of a large object call, as a stream reports it. */
  private static IOException io(SQLException e) {
    return new IOException(e.getMessage(), e);
  }

  /** Reads from 0-based {@code offset}, at most {@code limit} bytes, until the object's end. */
  static InputStream reader(LargeObjects lobs, long oid, long offset, long limit) {
    return new InputStream() {
      private long next = offset;
      private long left = limit;
      private byte[] buf = new byte[0];
      private int at;
      private boolean ended;

      private boolean fill() throws IOException {
        if (at < buf.length) {
          return true;
        }
        if (ended || left <= 0) {
          return false;
        }
        try {
          buf = lobs.read(oid, next, (int) Math.min(CHUNK, left));
        } catch (SQLException e) {
          throw io(e);
        }
        at = 0;
        next += buf.length;
        left -= buf.length;
        ended = buf.length == 0;
        return buf.length > 0;
      }

      @Override
      public int read() throws IOException {
        return fill() ? buf[at++] & 0xff : -1;
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
        int n = Math.min(len, buf.length - at);
        System.arraycopy(buf, at, b, off, n);
        at += n;
        return n;
      }

      @Override
      public long skip(long n) {
        // large objects are sparse: skipping past the end is allowed, and reads then end
        long inBuffer = Math.min(Math.max(n, 0), buf.length - at);
        at += (int) inBuffer;
        long rest = Math.min(Math.max(n, 0) - inBuffer, left);
        next += rest;
        left -= rest;
        return inBuffer + rest;
      }
    };
  }

  /** Writes from 0-based {@code offset} on. */
  static OutputStream writer(LargeObjects lobs, long oid, long offset) {
    return new OutputStream() {
      private long next = offset;
      private final java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();
      private boolean closed;

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (closed) {
          throw new IOException("the large object stream is closed");
        }
        pending.write(b, off, len);
        if (pending.size() >= CHUNK) {
          flush();
        }
      }

      @Override
      public void flush() throws IOException {
        if (pending.size() == 0) {
          return;
        }
        byte[] b = pending.toByteArray();
        pending.reset();
        try {
          lobs.write(oid, next, b);
        } catch (SQLException e) {
          throw io(e);
        }
        next += b.length;
      }

      @Override
      public void close() throws IOException {
        if (!closed) {
          flush();
          closed = true;
        }
      }
    };
  }
}
