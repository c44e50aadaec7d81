package org.postgresql.largeobject;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.SQLException;

/** {@link LargeObject#getOutputStream()}: gathers what is written, and writes it to the object 64 kB at a time. */
final class LargeObjectOutput extends OutputStream {
  private final LargeObject lo;
  private final byte[] buffer = new byte[LargeObjectInput.CHUNK];
  private int used;
  private boolean closed;

  LargeObjectOutput(LargeObject lo) {
    this.lo = lo;
  }

  private void open() throws IOException {
    if (closed) {
      throw new IOException("the large object's stream is closed");
    }
  }

  @Override
  public void write(int b) throws IOException {
    open();
    if (used == buffer.length) {
      flush();
    }
    buffer[used++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    open();
    if (used + len > buffer.length) {
      flush();
    }
    if (len >= buffer.length) {
      send(b, off, len);   // larger than the buffer: straight through
    } else {
      System.arraycopy(b, off, buffer, used, len);
      used += len;
    }
  }

  @Override
  public void flush() throws IOException {
    if (used > 0) {
      send(buffer, 0, used);
      used = 0;
    }
  }

  private void send(byte[] b, int off, int len) throws IOException {
    try {
      lo.write(b, off, len);
    } catch (SQLException e) {
      throw new IOException(e);
    }
  }

  /** Writes what is left and closes the large object too, as pgjdbc's stream does. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    try {
      flush();
      closed = true;
      lo.close();
    } catch (SQLException e) {
      throw new IOException("Can not close large object " + lo.getLongOID(), e);
    }
  }
}
