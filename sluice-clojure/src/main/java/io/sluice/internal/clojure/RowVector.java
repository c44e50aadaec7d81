package io.sluice.internal.clojure;

import clojure.lang.APersistentVector;
import clojure.lang.IFn;
import clojure.lang.IKVReduce;
import clojure.lang.IObj;
import clojure.lang.IPersistentMap;
import clojure.lang.IPersistentStack;
import clojure.lang.IPersistentVector;
import clojure.lang.IReduce;
import clojure.lang.LazilyPersistentVector;
import clojure.lang.PersistentVector;
import clojure.lang.RT;

/**
 * The vector `execute!` returns for its default shape: `count` rows, each made when asked for by
 * {@code rowAt} (a Clojure fn of one primitive long, a new lazy row over {@code RowSet.get(i)}).
 * Holding one row object per row made every young collection copy them all while the result
 * lived; made on demand, a row is garbage as soon as its reader is done with it, as with the Java
 * API's {@code RowSet.get(i)}.
 *
 * <p>A Java class rather than a Clojure deftype: {@link APersistentVector} already gives what a
 * vector is observed by (seq, rseq, equality and hash in both directions, java.util.List,
 * invocation, lookup, subvec, comparison, printing as a vector), all through {@link #nth(int)};
 * a deftype cannot extend it and would have to write each of those again. Changes (conj, assoc,
 * pop) first copy the rows into an ordinary PersistentVector. Immutable, so safe to share between
 * threads; each {@code nth} makes a row of its own.
 */
public final class RowVector extends APersistentVector implements IObj, IReduce, IKVReduce {
  private static final long serialVersionUID = 1L;

  private final int count;
  private final transient IFn.LO rowAt;
  private final IPersistentMap meta;

  public RowVector(int count, IFn.LO rowAt, IPersistentMap meta) {
    if (count < 0) {
      throw new IllegalArgumentException("RowVector: row count is negative: " + count);
    }
    this.count = count;
    this.rowAt = rowAt;
    this.meta = meta;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public Object nth(int i) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("row " + i + " of a result of " + count + " rows");
    }
    return rowAt.invokePrim(i);
  }

  /** The rows as an ordinary persistent vector holding each row object (what changes start from). */
  public IPersistentVector realize() {
    Object[] rows = new Object[count];
    for (int i = 0; i < count; i++) {
      rows[i] = rowAt.invokePrim(i);
    }
    // createOwning: more than 32 rows need the tree, not just a tail
    IPersistentVector v = LazilyPersistentVector.createOwning(rows);
    return meta == null ? v : (IPersistentVector) ((IObj) v).withMeta(meta);
  }

  @Override
  public IPersistentVector cons(Object o) {
    return realize().cons(o);
  }

  @Override
  public IPersistentVector assocN(int i, Object val) {
    return realize().assocN(i, val);
  }

  @Override
  public IPersistentStack pop() {
    return realize().pop();
  }

  @Override
  public clojure.lang.IPersistentCollection empty() {
    return (clojure.lang.IPersistentCollection) PersistentVector.EMPTY.withMeta(meta);
  }

  @Override
  public IPersistentMap meta() {
    return meta;
  }

  @Override
  public RowVector withMeta(IPersistentMap m) {
    return m == meta ? this : new RowVector(count, rowAt, m);
  }

  // reduce and reduce-kv walk the indexes: no seq, no iterator
  @Override
  public Object reduce(IFn f) {
    if (count == 0) {
      return f.invoke();
    }
    Object acc = rowAt.invokePrim(0);
    for (int i = 1; i < count; i++) {
      acc = f.invoke(acc, rowAt.invokePrim(i));
      if (RT.isReduced(acc)) {
        return ((clojure.lang.IDeref) acc).deref();
      }
    }
    return acc;
  }

  @Override
  public Object reduce(IFn f, Object init) {
    Object acc = init;
    for (int i = 0; i < count; i++) {
      acc = f.invoke(acc, rowAt.invokePrim(i));
      if (RT.isReduced(acc)) {
        return ((clojure.lang.IDeref) acc).deref();
      }
    }
    return acc;
  }

  @Override
  public Object kvreduce(IFn f, Object init) {
    Object acc = init;
    for (int i = 0; i < count; i++) {
      acc = f.invoke(acc, i, rowAt.invokePrim(i));
      if (RT.isReduced(acc)) {
        return ((clojure.lang.IDeref) acc).deref();
      }
    }
    return acc;
  }

  // Java serialization keeps the rows as an ordinary vector (the row maker is not serializable)
  private Object writeReplace() {
    return realize();
  }
}
