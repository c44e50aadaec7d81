package io.sluice.internal.rows;

import io.sluice.Column;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.protocol.CommandTags;
import java.util.AbstractList;
import java.util.List;

/** The {@link RowSet} of a buffered result: the rows' bytes in a {@link RowStore}, rows made on demand. */
public final class BufferedRowSet extends AbstractList<Row> implements RowSet {
  private final RowLayout layout;
  private final RowStore store;
  private final String commandTag;

  public BufferedRowSet(RowLayout layout, RowStore store, String commandTag) {
    this.layout = layout;
    this.store = store;
    this.commandTag = commandTag;
    store.finish();
  }

  /** The columns' layout (decoders, names), shared by every row of the set. */
  public RowLayout layout() {
    return layout;
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
    return Rows.row(layout, store.buffer(index), store.offset(index));
  }

  @Override
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

  @Override
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

  @Override
  public String commandTag() {
    return commandTag;
  }

  @Override
  public long rowCount() {
    return CommandTags.rowCount(commandTag);
  }

  @Override
  public long bytes() {
    return store.bytes();
  }
}
