package io.sluice;

import io.sluice.internal.rows.RowStore;
import io.sluice.internal.statements.Portal;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Rows fetched from the server {@code fetchSize} at a time (a portal suspended between chunks), so
 * that a result of any size is read in constant memory at the pace of the consumer. Made by
 * {@link Connection#stream}; must be closed. While it is open, the connection writes nothing else
 * (other callers' requests wait), so use a dedicated connection for long streams.
 *
 * <p>A {@link Row} from the iterator is valid until the next chunk is fetched.
 */
public final class RowStream implements Iterable<Row>, AutoCloseable {
  private final Portal portal;
  private RowStore chunk = new RowStore();
  private int index;
  private boolean exhausted;
  private boolean closed;
  private long rows;
  private Runnable afterClose = () -> {};

  RowStream(Portal portal) {
    this.portal = portal;
  }

  /** For a pool: runs once the stream is closed, to give back the connection it borrowed for it. */
  RowStream afterClose(Runnable action) {
    this.afterClose = action;
    return this;
  }

  private boolean advance() {
    while (index >= chunk.size()) {
      if (exhausted) {
        return false;
      }
      chunk = new RowStore();
      index = 0;
      if (!portal.fetch(chunk::add)) {
        exhausted = true;
        return false;
      }
      if (chunk.size() == 0) {
        exhausted = true;
        return false;
      }
    }
    return true;
  }

  @Override
  public Iterator<Row> iterator() {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return !closed && advance();
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        rows++;
        int i = index++;
        return new Row(portal.layout(), chunk.buffer(i), chunk.offset(i));
      }
    };
  }

  /** The result's columns, known before the first row (empty for a statement without rows). */
  public java.util.List<Column> columns() {
    return portal.layout().list();
  }

  /** Rows handed out so far. */
  public long rowsRead() {
    return rows;
  }

  /** The command tag once every row was read (e.g. {@code SELECT 1000}), else null. */
  public String commandTag() {
    return portal.commandTag();
  }

  /** Closes the portal (early if rows remain); the connection is then free for other requests. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        portal.close();
      } finally {
        afterClose.run();
      }
    }
  }
}
