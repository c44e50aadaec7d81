package io.sluice.protocol;

import java.io.IOException;

/** Where a {@link FrameReader} gets bytes: a socket in the client, an array in tests. */
@FunctionalInterface
public interface ByteSource {
  /**
   * Reads at least one byte into {@code b} and returns how many, or -1 at end of stream. Blocks
   * until input is available, like {@link java.io.InputStream#read(byte[], int, int)}.
   */
  int read(byte[] b, int off, int len) throws IOException;
}
