package io.sluice.protocol;

import java.util.Arrays;

/**
 * A {@link ByteSource} over an array that never returns bytes across the next chunk boundary, so
 * a test decides exactly where the stream is split; -1 at the end. Like a socket, it returns at
 * most what the caller has room for.
 */
final class ChunkedSource implements ByteSource {
  private final byte[] data;
  private final int[] boundaries; // ascending offsets where a read must stop
  private int pos;
  private int next;
  int reads;

  ChunkedSource(byte[] data, int... boundaries) {
    this.data = data;
    this.boundaries = boundaries.clone();
    Arrays.sort(this.boundaries);
  }

  /** One byte per read. */
  static ChunkedSource oneByteAtATime(byte[] data) {
    int[] b = new int[data.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = i + 1;
    }
    return new ChunkedSource(data, b);
  }

  /** Two reads: bytes before {@code at}, then the rest. */
  static ChunkedSource splitAt(byte[] data, int at) {
    return new ChunkedSource(data, at);
  }

  /** Chunks of random sizes from 1 to {@code maxChunk}. */
  static ChunkedSource randomChunks(byte[] data, java.util.Random r, int maxChunk) {
    int[] b = new int[data.length];
    int n = 0;
    for (int at = 1 + r.nextInt(maxChunk); at < data.length; at += 1 + r.nextInt(maxChunk)) {
      b[n++] = at;
    }
    return new ChunkedSource(data, Arrays.copyOf(b, n));
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (len <= 0) {
      throw new AssertionError("read of " + len + " bytes: a ByteSource must be asked for at least one");
    }
    reads++;
    if (pos == data.length) {
      return -1;
    }
    while (next < boundaries.length && boundaries[next] <= pos) {
      next++;
    }
    int stop = next < boundaries.length ? boundaries[next] : data.length;
    int n = Math.min(len, stop - pos);
    System.arraycopy(data, pos, b, off, n);
    pos += n;
    return n;
  }
}
