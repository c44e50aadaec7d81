package org.postgresql.util;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/** A {@link ByteStreamWriter} of one buffer's remaining bytes; the buffer's position does not move. */
public class ByteBufferByteStreamWriter implements ByteStreamWriter {
  private final ByteBuffer buf;
  private final int length;

  public ByteBufferByteStreamWriter(ByteBuffer buf) {
    this.buf = buf;
    this.length = buf.remaining();
  }

  @Override
  public int getLength() {
    return length;
  }

  @Override
  public void writeTo(ByteStreamTarget target) throws IOException {
    OutputStream out = target.getOutputStream();
    ByteBuffer b = buf.duplicate();
    if (b.hasArray()) {
      out.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
      return;
    }
    byte[] chunk = new byte[Math.min(b.remaining(), 8192)];
    while (b.hasRemaining()) {
      int n = Math.min(chunk.length, b.remaining());
      b.get(chunk, 0, n);
      out.write(chunk, 0, n);
    }
  }
}
