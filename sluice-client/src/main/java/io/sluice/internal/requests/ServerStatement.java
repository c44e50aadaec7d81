package io.sluice.internal.requests;

import io.sluice.SluiceException;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.rows.RowLayout;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * A statement as the server described it: its parameter types and result columns, and the
 * result formats to ask for. Named statements live in the server session until closed; in
 * unnamed mode ({@code statement_cache_size=0}) only the description is kept and every execution
 * parses again, which is what poolers in transaction mode need.
 */
public final class ServerStatement {
  /**
   * The statement's key in the cache: its SQL and the parameter types declared for it. {@code
   * valuesDeclared} says that each execution binds exactly one value per declared type (a query
   * typed by its Java values), so the count is checked against the SQL; it is false for a
   * statement prepared for the server to type. It is not part of the key's identity: both kinds
   * share one prepared statement.
   */
  public record Key(String sql, int[] declaredTypes, boolean valuesDeclared) {
    public Key(String sql, int[] declaredTypes) {
      this(sql, declaredTypes, true);
    }

    /** The key of a statement whose parameter types the server infers ({@code statements.StatementRunner#prepare}). */
    public static Key serverTyped(String sql) {
      return new Key(sql, new int[0], false);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.sql.equals(sql) && Arrays.equals(k.declaredTypes, declaredTypes);
    }

    @Override
    public int hashCode() {
      return sql.hashCode() * 31 + Arrays.hashCode(declaredTypes);
    }
  }

  private final Key key;
  /** The server-side name; {@code ""} (unnamed) in unnamed mode. */
  private final String name;
  /** The highest {@code $n} in the SQL, found once when the statement is first looked up. */
  public final int placeholders;
  private final CountDownLatch described = new CountDownLatch(1);
  private int[] parameterTypes;
  private RowLayout layout;
  private short[] resultFormats;
  public volatile SluiceException failure;
  /** Set when the statement was evicted or invalidated: it must not be used for new requests. */
  public volatile boolean stale;

  public ServerStatement(Key key, String name, int placeholders) {
    this.key = key;
    this.name = name;
    this.placeholders = placeholders;
  }

  public Key key() {
    return key;
  }

  /** The server-side name; {@code ""} (unnamed) in unnamed mode. */
  public String name() {
    return name;
  }

  /** The result columns; empty for a statement that returns no rows. */
  public RowLayout layout() {
    return layout;
  }

  /** The parameter types the server chose, as OIDs. */
  public int[] parameterTypes() {
    return parameterTypes.clone();
  }

  /** The parameter types without a copy, for this package's per-execution paths: not to be changed. */
  public int[] parameterTypesShared() {
    return parameterTypes;
  }

  /** Parameter {@code i}'s type OID. */
  public int parameterType(int i) {
    return parameterTypes[i];
  }

  /** How many parameters the server described ({@code ParameterDescription}). */
  public int parameterCount() {
    return parameterTypes.length;
  }

  /**
   * The result formats Bind asks for (one for all columns, or one per column), read per execution:
   * the caller must not change them.
   */
  public short[] resultFormats() {
    return resultFormats;
  }

  /**
   * What the server's ParameterDescription and RowDescription said, with the formats to ask for;
   * the describing thread records it before {@link #markDescribed} publishes it to waiting threads.
   */
  public void recordDescription(int[] parameterTypes, RowLayout layout, short[] resultFormats) {
    this.parameterTypes = parameterTypes;
    this.layout = layout;
    this.resultFormats = resultFormats;
  }

  /** The result columns decoded anew once their types' codecs were found ({@code statements.TypeDiscovery}). */
  public void relayout(RowLayout layout, short[] resultFormats) {
    this.layout = layout;
    this.resultFormats = resultFormats;
  }

  public boolean isDescribed() {
    return described.getCount() == 0 && failure == null;
  }

  public void markDescribed() {
    described.countDown();
  }

  public void markFailed(SluiceException e) {
    failure = e;
    described.countDown();
  }

  /**
   * Waits for another thread's prepare of the same statement (first uses share one prepare), until
   * {@code deadline}. The preparing thread always ends the wait, with a description or a failure;
   * the deadline bounds it even so.
   */
  public void awaitDescription(Deadline deadline) {
    try {
      if (deadline.isNone()) {
        described.await();
      } else if (!described.await(deadline.remainingNanos(), java.util.concurrent.TimeUnit.NANOSECONDS)) {
        throw new io.sluice.ConnectionException("timed out waiting for another thread's prepare of this statement",
            SluiceException.Outcome.NOT_SENT);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new io.sluice.ConnectionException("interrupted while waiting for a statement to be prepared",
          SluiceException.Outcome.NOT_SENT, e);
    }
  }

  public boolean unnamed() {
    return name.isEmpty();
  }
}
