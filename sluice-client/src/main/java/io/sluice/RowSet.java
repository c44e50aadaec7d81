package io.sluice;

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
public interface RowSet extends List<Row>, RandomAccess {
  /**
   * A view of row {@code index}; out of range is an {@link IndexOutOfBoundsException}, as
   * {@link List} requires. Each call makes a new view (a few fields over the set's bytes, which
   * the JIT often keeps off the heap altogether): a view decodes each of its columns at most once;
   * two views of the same row decode separately, so keep the view if you read an object value
   * twice.
   */
  @Override
  Row get(int index);

  /** The same as {@link #get}: a new view of row {@code index}. */
  Row view(int index);

  /** Every row as a record (see {@link Row#as}), the mapping resolved once for the whole set. */
  <R extends Record> List<R> as(Class<R> type);

  List<Column> columns();

  /** e.g. {@code SELECT 3}, {@code UPDATE 7}; empty for an empty query. */
  String commandTag();

  /** The number of rows the command affected or returned, from its tag; -1 if it reports none. */
  long rowCount();

  /** Bytes of row data held by this set. */
  long bytes();
}
