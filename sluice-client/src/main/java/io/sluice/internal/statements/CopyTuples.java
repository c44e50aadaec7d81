package io.sluice.internal.statements;

import io.sluice.ProtocolViolationException;
import io.sluice.internal.rows.RowSink;
import java.util.Arrays;

/**
 * Splits the binary COPY stream into tuples, whatever the CopyData message boundaries. A binary
 * tuple (a field count, then each field's length and bytes) has exactly the shape of a DataRow
 * body, so each is handed on as one, for a row view to decode lazily like any other row.
 */
public final class CopyTuples implements CopyOutExchange.Sink {
  private static final int HEADER = 11 + 4 + 4;

  private final RowSink rows;
  private byte[] buf = new byte[64 * 1024];
  private int start;
  private int end;
  private boolean headerRead;
  private boolean trailerRead;
  private long count;

  public CopyTuples(RowSink rows) {
    this.rows = rows;
  }

  @Override
  public void data(byte[] b, int off, int len) {
    if (end + len > buf.length) {
      int live = end - start;
      if (live + len > buf.length) {
        buf = Arrays.copyOfRange(buf, start, start + Math.max(buf.length * 2, live + len));
      } else {
        System.arraycopy(buf, start, buf, 0, live);
      }
      start = 0;
      end = live;
    }
    System.arraycopy(b, off, buf, end, len);
    end += len;
    parse();
  }

  public long count() {
    return count;
  }

  private void parse() {
    if (!headerRead) {
      if (end - start < HEADER) {
        return;
      }
      if (buf[start] != 'P' || buf[start + 1] != 'G' || buf[start + 2] != 'C') {
        throw new ProtocolViolationException("binary COPY data does not start with the PGCOPY signature",
            io.sluice.SluiceException.Outcome.UNKNOWN, null);
      }
      int extension = int32(start + 15);
      if (extension < 0) {
        throw new ProtocolViolationException("binary COPY header extension of negative length " + extension,
            io.sluice.SluiceException.Outcome.UNKNOWN, null);
      }
      if (end - start < HEADER + extension) {
        return;
      }
      start += HEADER + extension;
      headerRead = true;
    }
    while (!trailerRead && end - start >= 2) {
      int fields = (short) (((buf[start] & 0xFF) << 8) | (buf[start + 1] & 0xFF));
      if (fields == -1) {
        trailerRead = true;
        start += 2;
        return;
      }
      int p = start + 2;
      boolean complete = true;
      for (int i = 0; i < fields; i++) {
        if (end - p < 4) {
          complete = false;
          break;
        }
        int n = int32(p);
        p += 4 + Math.max(0, n);
        if (p > end) {
          complete = false;
          break;
        }
      }
      if (!complete) {
        return;
      }
      rows.row(buf, start, p - start);
      count++;
      start = p;
    }
  }

  private int int32(int at) {
    return ((buf[at] & 0xFF) << 24) | ((buf[at + 1] & 0xFF) << 16) | ((buf[at + 2] & 0xFF) << 8) | (buf[at + 3] & 0xFF);
  }

  @Override
  public Throwable failure() {
    return rows.failure();
  }
}
