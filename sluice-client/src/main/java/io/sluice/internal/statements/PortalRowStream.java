package io.sluice.internal.statements;

import io.sluice.Column;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.internal.rows.RowStore;
import io.sluice.internal.rows.Rows;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** The {@link RowStream} over a portal: rows fetched a chunk at a time as the caller iterates. */
public final class PortalRowStream implements RowStream {
  private final Portal portal;
  private RowStore chunk = new RowStore();
  private int index;
  private boolean exhausted;
  private boolean closed;
  private long rows;
  private Runnable afterClose = () -> {};

  public PortalRowStream(Portal portal) {
    this.portal = portal;
  }

  /** For a pool: runs once the stream is closed, to give back the connection it borrowed for it. */
  public PortalRowStream afterClose(Runnable action) {
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
        return Rows.row(portal.layout(), chunk.buffer(i), chunk.offset(i));
      }
    };
  }

  @Override
  public java.util.List<Column> columns() {
    return portal.layout().list();
  }

  @Override
  public long rowsRead() {
    return rows;
  }

  @Override
  public String commandTag() {
    return portal.commandTag();
  }

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
