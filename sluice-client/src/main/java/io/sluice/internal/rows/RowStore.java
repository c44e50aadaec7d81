package io.sluice.internal.rows;

import java.util.Arrays;

/**
 * The rows of one result as raw DataRow bodies in large chunks: no {@code byte[]} per row or per
 * cell. A row is addressed by its offset in its chunk (a DataRow body carries its own lengths,
 * checked when it arrived). A small result is copied into chunks of its own, which start at the
 * size of this statement's previous buffered result (so a repeated query fills one exactly sized
 * chunk) or small, then grow; a body larger than a chunk gets a chunk of its own. A large result
 * is not copied: the connection's read buffers it filled become its chunks ({@link #frame}).
 */
public final class RowStore implements RowSink {
  private static final int FIRST_CHUNK = 1024;
  /**
   * Below G1's humongous threshold (half a region; regions are at least 1 MiB): an array of half a
   * region or more is allocated outside the young generation, one region each, zeroed on the slow
   * path, and it pushes the heap toward concurrent cycles. With 1 MiB chunks, buffered results
   * swung from run to run with the heap's region size while streamed ones, which keep no chunks,
   * stayed steady.
   */
  private static final int MAX_CHUNK = 256 << 10;
  /**
   * A first chunk (and row index) sized from a previous result is never larger than this: the same
   * statement may return one row after a million, and must not allocate for the million again.
   * Past it, chunks are sized from what the hint says is still to come.
   */
  private static final int MAX_FIRST_CHUNK = 64 << 10;
  private static final int MAX_FIRST_INDEX = 16 << 10;
  /**
   * From this many bytes of rows on (held, or hinted by the statement's previous result), rows are
   * kept where the reader put them ({@link #frame}) instead of copied: each read buffer they fill
   * becomes one of the chunks, and the reader takes a new one. Below it a result is copied, so that
   * a small result does not hold a whole read buffer (64 KiB) for a few rows.
   */
  private static final int KEEP_FROM = 64 << 10;

  private RowLayout layout;
  private byte[][] chunks = new byte[2][];
  /** The row each chunk starts with. */
  private int[] chunkFirstRow = new int[2];
  private int chunkCount;
  private byte[] current;
  private int used;
  /** Whether rows are now kept in the reader's buffers; once set, for the rest of the result. */
  private boolean keeping;
  /** The chunk the last row read was in ({@link #chunkOf}). */
  private int lastChunk;
  private int[] rowOffset;
  private int rows;
  private long bytes;
  /** Bytes the previous result of the statement had, for sizing chunks; 0 without a hint. */
  private long expected;

  /** Sizes the first chunk and the row index from the statement's previous buffered result. */
  @Override
  public void start(RowLayout layout) {
    this.layout = layout;
    long last = layout.lastResult();
    int lastRows = (int) (last >>> 32);
    int lastBytes = (int) last;
    expected = Math.max(0, lastBytes);
    if (rowOffset == null && lastRows > 0) {
      rowOffset = new int[Math.min(lastRows, MAX_FIRST_INDEX)];
    }
    if (expected >= KEEP_FROM) {
      keeping = true;
    } else if (current == null && lastBytes > 0) {
      newChunk(Math.min(lastBytes, MAX_FIRST_CHUNK));
    }
  }

  /** Copies one DataRow body. */
  @Override
  public void row(byte[] buf, int off, int len) {
    add(buf, off, len);
  }

  /**
   * Copies one DataRow body while the result is small; once it is large ({@link #KEEP_FROM}),
   * keeps it in the reader's buffer instead, and says so.
   */
  @Override
  public boolean frame(byte[] buf, int off, int len) {
    if (!keeping && bytes + len < KEEP_FROM) {
      add(buf, off, len);
      return false;
    }
    keeping = true;
    if (buf != current) {
      // a read buffer not yet among the chunks; marked full, so that a copied row never lands in it
      addChunk(buf);
      used = buf.length;
    }
    index(off);
    bytes += len;
    return true;
  }

  /** Copies one DataRow body. */
  public void add(byte[] buf, int off, int len) {
    if (current == null || current.length - used < len) {
      newChunk(len);
    }
    System.arraycopy(buf, off, current, used, len);
    index(used);
    used += len;
    bytes += len;
  }

  /** Records where the next row starts in the current chunk. */
  private void index(int offset) {
    if (rowOffset == null) {
      rowOffset = new int[16];
    } else if (rows == rowOffset.length) {
      rowOffset = Arrays.copyOf(rowOffset, rows * 2);
    }
    rowOffset[rows++] = offset;
  }

  private void newChunk(int atLeast) {
    int size = current == null ? FIRST_CHUNK : Math.min(MAX_CHUNK, current.length * 2);
    if (current != null && expected > bytes) {
      // the previous result says how much is still to come: one chunk of that, not a doubling
      size = (int) Math.min(MAX_CHUNK, expected - bytes);
    }
    size = Math.max(size, atLeast);
    addChunk(new byte[size]);
    used = 0;
  }

  private void addChunk(byte[] chunk) {
    current = chunk;
    if (chunkCount == chunks.length) {
      chunks = Arrays.copyOf(chunks, chunkCount * 2);
      chunkFirstRow = Arrays.copyOf(chunkFirstRow, chunkCount * 2);
    }
    chunkFirstRow[chunkCount] = rows;
    chunks[chunkCount++] = chunk;
  }

  /** The result is complete: its size becomes the next result's first guess. */
  public void finish() {
    if (layout != null) {
      layout.rememberResult(rows, bytes);
    }
  }

  public int size() {
    return rows;
  }

  /** Bytes of row data held. */
  public long bytes() {
    return bytes;
  }

  /**
   * The chunk holding {@code row}: the last chunk whose first row is at or before it. Rows are
   * mostly read in order, so the chunk found last time, or the one after it, is tried first; the
   * hint is only read and written whole, so threads sharing a result at most miss it.
   */
  private int chunkOf(int row) {
    int c = lastChunk;
    if (holds(c, row)) {
      return c;
    }
    if (c + 1 < chunkCount && holds(c + 1, row)) {
      lastChunk = c + 1;
      return c + 1;
    }
    c = search(row);
    lastChunk = c;
    return c;
  }

  private boolean holds(int chunk, int row) {
    return chunkFirstRow[chunk] <= row && (chunk + 1 == chunkCount || chunkFirstRow[chunk + 1] > row);
  }

  private int search(int row) {
    int lo = 0;
    int hi = chunkCount - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (chunkFirstRow[mid] <= row) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  public byte[] buffer(int row) {
    return chunks[chunkOf(row)];
  }

  public int offset(int row) {
    return rowOffset[row];
  }
}
