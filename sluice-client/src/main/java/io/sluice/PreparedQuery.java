package io.sluice;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A statement prepared on the server once, with parameter types the server inferred; made by
 * {@link Queryable#prepare}. Values are encoded for those types. Safe to share between threads.
 * It lives in the connection's statement cache: if it is evicted, or the server forgets it, it
 * is prepared again transparently on next use. Prepared through a {@link Pool}, each call runs on
 * whichever connection the pool gives it, which prepares the SQL once in its own statement cache.
 */
public interface PreparedQuery {
  String sql();

  /** The parameter types the server chose, as OIDs. */
  int[] parameterTypes();

  /** The result's columns; empty for a statement without rows. */
  List<Column> columns();

  RowSet query(Object... params);

  long execute(Object... params);

  void forEach(Consumer<? super Row> each, Object... params);

  void forEachWhile(Predicate<? super Row> each, Object... params);
}
