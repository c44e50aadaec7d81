package io.sluice.internal.rows;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Where a buffered result's rows live: copied while the result is small, kept in the reader's buffers once it is large. */
class RowStoreTest {
  /** A read buffer holding {@code count} bodies of {@code size} bytes, each filled with its row number, after a 5-byte header. */
  private static byte[] readBuffer(int firstRow, int count, int size) {
    byte[] buf = new byte[count * (size + 5)];
    for (int i = 0; i < count; i++) {
      Arrays.fill(buf, i * (size + 5) + 5, (i + 1) * (size + 5), (byte) (firstRow + i));
    }
    return buf;
  }

  private static byte[] rowBytes(RowStore store, int row, int size) {
    return Arrays.copyOfRange(store.buffer(row), store.offset(row), store.offset(row) + size);
  }

  @Test
  void aSmallResultIsCopiedAndOutlivesItsReadBuffer() {
    RowStore store = new RowStore();
    byte[] buf = readBuffer(0, 10, 100);
    for (int i = 0; i < 10; i++) {
      assertFalse(store.frame(buf, i * 105 + 5, 100), "row " + i + " is copied");
    }
    Arrays.fill(buf, (byte) -1); // the reader reuses its buffer
    for (int i = 0; i < 10; i++) {
      assertNotSame(buf, store.buffer(i));
      byte[] expected = new byte[100];
      Arrays.fill(expected, (byte) i);
      assertArrayEquals(expected, rowBytes(store, i, 100), "row " + i);
    }
    assertEquals(10, store.size());
    assertEquals(1000, store.bytes());
  }

  @Test
  void aLargeResultIsKeptInTheReadBuffersOnceItPassesTheThreshold() {
    RowStore store = new RowStore();
    int size = 1000;
    int perBuffer = 60;
    byte[][] buffers = new byte[4][];
    int row = 0;
    int firstKept = -1;
    for (int b = 0; b < buffers.length; b++) {
      buffers[b] = readBuffer(row, perBuffer, size);
      for (int i = 0; i < perBuffer; i++, row++) {
        boolean kept = store.frame(buffers[b], i * (size + 5) + 5, size);
        if (kept && firstKept < 0) {
          firstKept = row;
        }
        assertEquals(firstKept >= 0, kept, "row " + row + ": once rows are kept, every later one is");
      }
    }
    // 64 KiB of 1,000-byte rows: the 66th row is the first kept
    assertEquals(65, firstKept);
    for (int r = 0; r < row; r++) {
      byte[] expected = new byte[size];
      Arrays.fill(expected, (byte) r);
      assertArrayEquals(expected, rowBytes(store, r, size), "row " + r);
      if (r >= firstKept) {
        assertSame(buffers[r / perBuffer], store.buffer(r), "row " + r + " is read where the reader put it");
        assertEquals((r % perBuffer) * (size + 5) + 5, store.offset(r));
      } else {
        assertFalse(Arrays.asList(buffers).contains(store.buffer(r)), "row " + r + " was copied");
      }
    }
    assertEquals((long) row * size, store.bytes());
  }

  @Test
  void rowsReadOutOfOrderAreFoundInTheirChunks() {
    RowStore store = new RowStore();
    int size = 700;
    int rows = 0;
    for (int b = 0; b < 12; b++) {
      byte[] buf = readBuffer(rows, 40, size);
      for (int i = 0; i < 40; i++, rows++) {
        store.frame(buf, i * (size + 5) + 5, size);
      }
    }
    java.util.Random random = new java.util.Random(5);
    for (int k = 0; k < 5_000; k++) {
      int r = k % 3 == 0 ? rows - 1 - (k % rows) : random.nextInt(rows);
      assertEquals((byte) r, rowBytes(store, r, size)[0], "row " + r);
      assertEquals((byte) r, rowBytes(store, r, size)[size - 1], "row " + r);
    }
  }

  @Test
  void theStatementsPreviousResultDecidesWhetherTheFirstRowIsKept() {
    RowLayout layout = new RowLayout(new io.sluice.Column[0], new io.sluice.types.Codec<?>[0], null);
    RowStore big = new RowStore();
    big.start(layout);
    byte[] buf = readBuffer(0, 100, 1000);
    for (int i = 0; i < 100; i++) {
      big.frame(buf, i * 1005 + 5, 1000);
    }
    big.finish();   // 100,000 bytes: the next result of the statement is expected large

    RowStore next = new RowStore();
    next.start(layout);
    byte[] first = readBuffer(7, 1, 10);
    assertTrue(next.frame(first, 5, 10), "kept from the first row");
    assertSame(first, next.buffer(0));
    next.finish();   // 10 bytes: the one after is expected small again

    RowStore small = new RowStore();
    small.start(layout);
    assertFalse(small.frame(first, 5, 10), "copied");
    assertNotSame(first, small.buffer(0));
    assertEquals(7, rowBytes(small, 0, 10)[0]);
  }

  @Test
  void aCopiedRowAfterKeptOnesNeverLandsInAReadBuffer() {
    RowStore store = new RowStore();
    byte[] big = readBuffer(1, 1, 70_000);
    assertTrue(store.frame(big, 5, 70_000), "a row past the threshold on its own is kept");
    byte[] before = big.clone();
    byte[] small = readBuffer(2, 1, 50);
    store.row(small, 5, 50);
    assertArrayEquals(before, big, "the kept read buffer is untouched");
    assertNotSame(big, store.buffer(1));
    assertEquals(2, rowBytes(store, 1, 50)[0]);
    assertSame(big, store.buffer(0));
  }
}
