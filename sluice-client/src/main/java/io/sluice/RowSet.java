package io.sluice;

import io.sluice.internal.RowLayout;
import io.sluice.internal.RowStore;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * All rows of one statement's result, held as raw bytes in a few large buffers; each {@link Row}
 * decodes its columns when they are read. Also carries the command tag.
 */
public final class RowSet extends AbstractList<Row> implements RandomAccess {
  private final RowLayout layout;
  private final RowStore store;
  private final String commandTag;
  private Row[] views;

  RowSet(RowLayout layout, RowStore store, String commandTag) {
    this.layout = layout;
    this.store = store;
    this.commandTag = commandTag;
  }

  @Override
  public Row get(int index) {
    if (index < 0 || index >= store.size()) {
      throw new IndexOutOfBoundsException("row " + index + " of " + store.size());
    }
    if (views == null) {
      views = new Row[store.size()];
    }
    Row r = views[index];
    if (r == null) {
      r = new Row(layout, store.buffer(index), store.offset(index), store.length(index));
      views[index] = r;
    }
    return r;
  }

  @Override
  public int size() {
    return store.size();
  }

  public List<Column> columns() {
    return layout.list();
  }

  /** e.g. {@code SELECT 3}, {@code UPDATE 7}; empty for an empty query. */
  public String commandTag() {
    return commandTag;
  }

  /** The number of rows the command affected or returned, from its tag; -1 if it reports none. */
  public long rowCount() {
    return CommandTags.rowCount(commandTag);
  }

  /** Bytes of row data held by this set. */
  public long bytes() {
    return store.bytes();
  }
}
