package io.sluice;

import io.sluice.internal.rows.RecordMapping;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.rows.RowStore;
import io.sluice.protocol.CommandTags;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * All rows of one statement's result, held as raw bytes in a few large buffers; each {@link Row}
 * decodes its columns when they are read. Also carries the command tag.
 *
 * <p>The set keeps bytes, not rows: {@link #get(int)} and iteration hand out views that the set
 * does not keep, so a value decoded while walking a big result becomes garbage as soon as the
 * caller drops it instead of living as long as the set (a million decoded timestamps kept alive
 * cost the garbage collector more than decoding them), and reading every row allocates little
 * beyond the rows' bytes.
 */
public final class RowSet extends AbstractList<Row> implements RandomAccess {
  private final RowLayout layout;
  private final RowStore store;
  private final String commandTag;

  RowSet(RowLayout layout, RowStore store, String commandTag) {
    this.layout = layout;
    this.store = store;
    this.commandTag = commandTag;
    store.finish();
  }

  /**
   * A view of row {@code index}; out of range is an {@link IndexOutOfBoundsException}, as
   * {@link List} requires. Each call makes a new view (a few fields over the set's bytes, which
   * the JIT often keeps off the heap altogether): a view decodes each of its columns at most once;
   * two views of the same row decode separately, so keep the view if you read an object value
   * twice.
   */
  @Override
  public Row get(int index) {
    if (index < 0 || index >= store.size()) {
      throw new IndexOutOfBoundsException("row " + index + " of " + store.size());
    }
    return new Row(layout, store.buffer(index), store.offset(index));
  }

  /** The same as {@link #get}: a new view of row {@code index}. */
  public Row view(int index) {
    return get(index);
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

  /** Every row as a record (see {@link Row#as}), the mapping resolved once for the whole set. */
  public <R extends Record> List<R> as(Class<R> type) {
    RecordMapping<R> mapping = RecordMapping.of(type, layout);
    List<R> out = new java.util.ArrayList<>(store.size());
    for (int i = 0, n = store.size(); i < n; i++) {
      out.add(mapping.map(view(i)));
    }
    return out;
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
