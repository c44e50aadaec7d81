package io.sluice.jdbc.internal;

import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Where a result is among its rows: over rows in memory (read whole, or the rest of a stream
 * {@linkplain #buffer() read in}), which it may scroll, or over a portal's stream, forward only,
 * until the stream ends. Never more than {@code maxRows} rows. Checking that the result is open
 * and may scroll is {@link SluiceResultSet}'s job; this class only moves, and, for an updatable
 * result, puts in, replaces and takes out rows in memory as {@link RowEdits} says.
 */
final class RowCursor {
  private long maxRows;
  /** Rows in memory; {@code rows.get(0)} is row number {@code base} (0-based). */
  private List<Row> rows;
  private int base;
  private RowStream stream;
  private Iterator<Row> streamRows;
  private Thread streamer;
  /** Told when the stream ends: the connection is free again. */
  private Runnable streamEnded;
  /** The 0-based number of the current row; -1 before the first. */
  private long position = -1;
  private Row current;
  private boolean afterLast;

  private RowCursor(long maxRows) {
    this.maxRows = maxRows <= 0 ? Long.MAX_VALUE : maxRows;
  }

  /** A cursor over rows read whole; {@code maxRows} 0 for no limit. */
  static RowCursor over(List<Row> rows, long maxRows) {
    RowCursor c = new RowCursor(maxRows);
    c.rows = rows;
    return c;
  }

  /** A cursor over a portal's stream, read on the calling thread; {@code streamEnded} runs once it ends. */
  static RowCursor over(RowStream stream, long maxRows, Runnable streamEnded) {
    RowCursor c = new RowCursor(maxRows);
    c.stream = stream;
    c.streamRows = stream.iterator();
    c.streamer = Thread.currentThread();
    c.streamEnded = streamEnded;
    return c;
  }

  boolean streamedBy(Thread t) {
    return stream != null && streamer == t;
  }

  /** Reads the rest of a stream into memory and ends it; nothing for rows in memory. */
  void buffer() throws SQLException {
    if (stream == null) {
      return;
    }
    List<Row> rest = new ArrayList<>();
    try {
      while (position + 1 + rest.size() < maxRows && streamRows.hasNext()) {
        rest.add(streamRows.next());
      }
    } catch (SluiceException e) {
      endStream();
      throw SqlErrors.of(e);
    }
    endStream();
    rows = rest;
    base = (int) (position + 1);
  }

  private void endStream() throws SQLException {
    RowStream s = stream;
    stream = null;
    streamRows = null;
    streamEnded.run();
    try {
      s.close();
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  /** Ends the stream if one is being read, and lets go of the rows. */
  void close() throws SQLException {
    current = null;
    try {
      if (stream != null) {
        endStream();
      }
    } finally {
      rows = null;
    }
  }

  /**
   * Makes the rows in memory a list the result changes: an updatable result's, read whole. The
   * rows past {@code maxRows} are dropped, so that a row it inserts is the last one.
   */
  void editable() {
    rows = new ArrayList<>(rows.subList(0, (int) Math.min(rows.size(), maxRows)));
    maxRows = Long.MAX_VALUE;
  }

  /** Puts {@code r} in the current row's place (an updatable result's row after UPDATE or a new read). */
  void replace(Row r) {
    rows.set((int) (position - base), r);
    current = r;
  }

  /** Takes out the current row; the cursor is then on the row before it, or before the first (as pgjdbc's). */
  void removeCurrent() {
    rows.remove((int) (position - base));
    moveTo(position - 1);
  }

  /** Adds {@code r} after the last row; a cursor past the last row (or past an empty result's end) is then after it. */
  void append(Row r) {
    boolean past = current == null && position >= size();
    rows.add(r);
    if (past) {
      position = size();
      afterLast = true;
    }
  }

  /** The current row, or null before the first and after the last. */
  Row current() {
    return current;
  }

  /** Whether the cursor went past the last row. */
  boolean pastTheEnd() {
    return afterLast;
  }

  boolean next() throws SQLException {
    if (stream != null) {
      try {
        if (position + 1 < maxRows && streamRows.hasNext()) {
          current = streamRows.next();
          position++;
          return true;
        }
      } catch (SluiceException e) {
        endStream();
        throw SqlErrors.of(e);
      }
      endStream();
      current = null;
      afterLast = true;
      position++;
      return false;
    }
    return moveTo(position + 1);
  }

  /** Rows in memory, counted from the first. */
  private long size() {
    return Math.min(base + rows.size(), maxRows);
  }

  private Row rowAt(long n) {
    int i = (int) (n - base);
    return rows instanceof RowSet set ? set.view(i) : rows.get(i);
  }

  /** Moves to row {@code n} (0-based) of rows in memory; before the first or after the last is no row. */
  private boolean moveTo(long n) {
    long size = size();
    if (n < 0) {
      position = -1;
      current = null;
      afterLast = false;
      return false;
    }
    if (n >= size) {
      position = size;
      current = null;
      afterLast = size > 0 || n > 0;
      return false;
    }
    position = n;
    afterLast = false;
    current = rowAt(n);
    return true;
  }

  boolean isBeforeFirst() {
    if (stream != null) {
      return position < 0 && streamRows.hasNext();
    }
    return position < 0 && size() > 0;
  }

  boolean isAfterLast() {
    return afterLast && (stream != null || rows == null || size() > 0);
  }

  boolean isFirst() {
    return position == 0 && current != null;
  }

  boolean isLast() {
    if (current == null) {
      return false;
    }
    if (stream != null) {
      return position + 1 >= maxRows || !streamRows.hasNext();
    }
    return position == size() - 1;
  }

  /** The 1-based number of the current row; 0 for none. */
  int row() {
    return current == null ? 0 : (int) (position + 1);
  }

  // scrolling: rows in memory only (the result checks that it may scroll)

  void beforeFirst() {
    moveTo(-1);
  }

  void afterLast() {
    moveTo(size());
  }

  boolean first() {
    return moveTo(0);
  }

  boolean last() {
    return moveTo(size() - 1);
  }

  boolean absolute(int row) {
    return moveTo(row > 0 ? row - 1 : row == 0 ? -1 : size() + row);
  }

  /**
   * JDBC: relative(1) is next(), from before the first or after the last row as well; in a result
   * without rows, where the cursor is both, it moves nowhere and answers false.
   */
  boolean relative(int rows) throws SQLException {
    if (current == null && !afterLast && position >= 0 && size() > 0) {
      throw SqlErrors.of("relative needs a current row", "24000");
    }
    return moveTo(position + rows);
  }

  boolean previous() {
    return moveTo(position - 1);
  }
}
