package io.sluice.internal;

import java.util.Arrays;

/**
 * The rows of one result as raw DataRow bodies, copied into large chunks: no {@code byte[]} per
 * row or per cell. A row is addressed by its chunk and offset; a body larger than a chunk gets a
 * chunk of its own. Chunks start small and grow, so a one-row result stays cheap.
 */
public final class RowStore {
  private static final int FIRST_CHUNK = 1024;
  private static final int MAX_CHUNK = 1 << 20;

  private byte[][] chunks = new byte[4][];
  private int chunkCount;
  private byte[] current;
  private int used;
  private int[] rowChunk = new int[16];
  private int[] rowOffset = new int[16];
  private int[] rowLength = new int[16];
  private int rows;
  private long bytes;

  /** Copies one DataRow body. */
  public void add(byte[] buf, int off, int len) {
    if (current == null || current.length - used < len) {
      newChunk(len);
    }
    System.arraycopy(buf, off, current, used, len);
    if (rows == rowChunk.length) {
      int n = rows * 2;
      rowChunk = Arrays.copyOf(rowChunk, n);
      rowOffset = Arrays.copyOf(rowOffset, n);
      rowLength = Arrays.copyOf(rowLength, n);
    }
    rowChunk[rows] = chunkCount - 1;
    rowOffset[rows] = used;
    rowLength[rows] = len;
    rows++;
    used += len;
    bytes += len;
  }

  private void newChunk(int atLeast) {
    int size = current == null ? FIRST_CHUNK : Math.min(MAX_CHUNK, current.length * 2);
    size = Math.max(size, atLeast);
    current = new byte[size];
    used = 0;
    if (chunkCount == chunks.length) {
      chunks = Arrays.copyOf(chunks, chunkCount * 2);
    }
    chunks[chunkCount++] = current;
  }

  public int size() {
    return rows;
  }

  /** Bytes of row data held. */
  public long bytes() {
    return bytes;
  }

  public byte[] buffer(int row) {
    return chunks[rowChunk[row]];
  }

  public int offset(int row) {
    return rowOffset[row];
  }

  public int length(int row) {
    return rowLength[row];
  }
}
