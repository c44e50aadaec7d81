package org.postgresql.util;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * pgjdbc's source of bytes that writes itself into the driver's stream, of a length known
 * beforehand: {@code CopyIn.writeToCopy}, {@code CopyManager.copyIn} and a {@code bytea}
 * parameter ({@code setObject(i, writer)}) take one. {@link #of} wraps buffers.
 */
public interface ByteStreamWriter {
  /** How many bytes {@link #writeTo} writes. */
  int getLength();

  /** Writes the bytes, {@link #getLength} of them, to the target's stream. */
  void writeTo(ByteStreamTarget target) throws IOException;

  /** A writer of the remaining bytes of {@code buffers}, in order; their positions do not move. */
  static ByteStreamWriter of(ByteBuffer... buffers) {
    return buffers.length == 1 ? new ByteBufferByteStreamWriter(buffers[0]) : new ByteStreamWriter() {
      @Override
      public int getLength() {
        long n = 0;
        for (ByteBuffer b : buffers) {
          n += b.remaining();
        }
        return Math.toIntExact(n);
      }

      @Override
      public void writeTo(ByteStreamTarget target) throws IOException {
        for (ByteBuffer b : buffers) {
          new ByteBufferByteStreamWriter(b).writeTo(target);
        }
      }
    };
  }

  /** Where a writer writes: the driver's stream. */
  interface ByteStreamTarget {
    OutputStream getOutputStream();
  }
}
