package io.sluice.soak;

import java.util.Arrays;
import java.util.BitSet;

/**
 * One writer's ledger: for each row it tried to insert (numbered 0, 1, 2, … in order), what the
 * client answered. Row ids carry the writer and the number ({@link #id}), so that every id in the
 * table names the ledger entry it must agree with. Written by its own worker only, read by the
 * audit after that worker has ended.
 */
final class WriteLog {
  private final int writer;
  private byte[] outcomes = new byte[4096];
  private final BitSet sharesTransactionWithNext = new BitSet();
  private int size;

  WriteLog(int writer) {
    if (writer < 1) {
      throw new IllegalArgumentException("writers are numbered from 1, so that no id is 0: " + writer);
    }
    this.writer = writer;
  }

  static long id(int writer, int seq) {
    return ((long) writer << 32) | (seq & 0xFFFF_FFFFL);
  }

  static int writerOf(long id) {
    return (int) (id >>> 32);
  }

  static int seqOf(long id) {
    return (int) id;
  }

  int writer() {
    return writer;
  }

  /** The ids of the next {@code n} rows, which go in one statement or one transaction. */
  long[] reserve(int n) {
    long[] ids = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] = id(writer, size + i);
    }
    return ids;
  }

  /** Records one answer for all of {@code ids} (from {@link #reserve}), which stand or fall together. */
  void record(long[] ids, WriteOutcome outcome) {
    if (size + ids.length > outcomes.length) {
      outcomes = Arrays.copyOf(outcomes, Math.max(outcomes.length * 2, size + ids.length));
    }
    for (int i = 0; i < ids.length; i++) {
      if (seqOf(ids[i]) != size) {
        throw new IllegalStateException("ids recorded out of order: " + ids[i]);
      }
      if (i + 1 < ids.length) {
        sharesTransactionWithNext.set(size);
      }
      outcomes[size++] = (byte) outcome.ordinal();
    }
  }

  int size() {
    return size;
  }

  WriteOutcome outcome(int seq) {
    return WriteOutcome.values()[outcomes[seq]];
  }

  /** Whether row {@code seq} was written in one transaction with row {@code seq + 1}. */
  boolean sharesTransactionWithNext(int seq) {
    return sharesTransactionWithNext.get(seq);
  }
}
