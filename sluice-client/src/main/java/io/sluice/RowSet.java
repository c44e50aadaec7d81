package io.sluice;

import io.sluice.internal.RowLayout;
import io.sluice.internal.RowStore;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * All rows of one statement's result, held as raw bytes in a few large buffers; each {@link Row}
 * decodes its columns when they are read. Also carries the command tag.
 *
 * <p>{@link #get(int)} keeps the row it returns, so asking again for the same index gives the same
 * {@code Row}, whose columns are decoded at most once. Iterating ({@code for (Row r : set)},
 * {@link #forEach}) hands out rows that the set does not keep: a value decoded while walking a
 * big result becomes garbage as soon as the caller drops it, instead of living as long as the
 * set (a million decoded timestamps kept alive cost the garbage collector more than decoding
 * them). A row already obtained by {@code get} is handed out as it is.
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

  /** Row {@code index}; out of range is an {@link IndexOutOfBoundsException}, as {@link List} requires. */
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

  /**
   * A new view of row {@code index}, not kept by the set (each view decodes its columns at most
   * once; two views decode separately).
   */
  public Row view(int index) {
    if (index < 0 || index >= store.size()) {
      throw new IndexOutOfBoundsException("row " + index + " of " + store.size());
    }
    Row kept = views == null ? null : views[index];
    return kept != null ? kept : new Row(layout, store.buffer(index), store.offset(index), store.length(index));
  }

  @Override
  public java.util.Iterator<Row> iterator() {
    return new java.util.Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < store.size();
      }

      @Override
      public Row next() {
        if (next >= store.size()) {
          throw new java.util.NoSuchElementException();
        }
        return view(next++);
      }
    };
  }

  @Override
  public void forEach(java.util.function.Consumer<? super Row> action) {
    for (int i = 0, n = store.size(); i < n; i++) {
      action.accept(view(i));
    }
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
