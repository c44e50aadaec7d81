package io.sluice;

import io.sluice.internal.engine.Deadline;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What {@link Queryable#withTimeout} returns: each call takes its deadline from the timeout when
 * it starts, then goes to the target's own routing (the shared connection, the transaction, the
 * pool) unchanged.
 */
final class TimeoutView implements Queryable {
  private final Queryable target;
  private final long nanos;

  TimeoutView(Queryable target, Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new ConfigException("a call timeout must be more than zero, got " + timeout);
    }
    this.target = target;
    this.nanos = timeout.toNanos();
  }

  private Deadline deadline() {
    return Deadline.in(nanos);
  }

  @Override
  public RowSet query(String sql, Object... params) {
    Deadline d = deadline();
    return switch (target) {
      case Connection c -> c.query(d, sql, params);
      case Transaction t -> t.query(d, sql, params);
      case Pool p -> p.query(d, sql, params);
      default -> throw unknown();
    };
  }

  @Override
  public long execute(String sql, Object... params) {
    Deadline d = deadline();
    return switch (target) {
      case Connection c -> c.execute(d, sql, params);
      case Transaction t -> t.execute(d, sql, params);
      case Pool p -> p.execute(d, sql, params);
      default -> throw unknown();
    };
  }

  @Override
  public long[] executeMany(String sql, List<Object[]> groups) {
    Deadline d = deadline();
    return switch (target) {
      case Connection c -> c.executeMany(d, sql, groups);
      case Transaction t -> t.executeMany(d, sql, groups);
      case Pool p -> p.executeMany(d, sql, groups);
      default -> throw unknown();
    };
  }

  @Override
  public void forEach(String sql, Consumer<? super Row> each, Object... params) {
    Deadline d = deadline();
    switch (target) {
      case Connection c -> c.forEach(d, sql, each, params);
      case Transaction t -> t.forEach(d, sql, each, params);
      case Pool p -> p.forEach(d, sql, each, params);
      default -> throw unknown();
    }
  }

  @Override
  public void forEachWhile(String sql, Predicate<? super Row> each, Object... params) {
    Deadline d = deadline();
    switch (target) {
      case Connection c -> c.forEachWhile(d, sql, each, params);
      case Transaction t -> t.forEachWhile(d, sql, each, params);
      case Pool p -> p.forEachWhile(d, sql, each, params);
      default -> throw unknown();
    }
  }

  @Override
  public <A> A reduce(String sql, A init, BiFunction<A, ? super Row, A> fn, Object... params) {
    Deadline d = deadline();
    return switch (target) {
      case Connection c -> c.reduce(d, sql, init, fn, params);
      case Transaction t -> t.reduce(d, sql, init, fn, params);
      case Pool p -> p.reduce(d, sql, init, fn, params);
      default -> throw unknown();
    };
  }

  /** The timeout applies to the stream as {@code query_timeout} would. */
  @Override
  public RowStream stream(String sql, int fetchSize, Object... params) {
    Deadline d = deadline();
    return switch (target) {
      case Connection c -> c.stream(d, sql, fetchSize, params);
      case Transaction t -> t.stream(d, sql, fetchSize, params);
      case Pool p -> p.stream(d, sql, fetchSize, params);
      default -> throw unknown();
    };
  }

  @Override
  public List<SimpleResult> simpleQuery(String sql) {
    Deadline d = deadline();
    return switch (target) {
      case Connection c -> c.simpleQuery(d, sql);
      case Transaction t -> t.simpleQuery(d, sql);
      case Pool p -> p.simpleQuery(d, sql);
      default -> throw unknown();
    };
  }

  /** The timeout bounds the prepare; the returned statement's runs use the target's own timeout. */
  @Override
  public PreparedQuery prepare(String sql) {
    Deadline d = deadline();
    return switch (target) {
      case Connection c -> c.prepare(d, sql);
      case Transaction t -> t.prepare(d, sql);
      case Pool p -> p.prepare(d, sql);
      default -> throw unknown();
    };
  }

  @Override
  public Queryable withTimeout(Duration timeout) {
    return target.withTimeout(timeout);
  }

  private IllegalStateException unknown() {
    return new IllegalStateException("no call timeout for " + target.getClass().getName());
  }

  @Override
  public String toString() {
    return target + " with a " + Duration.ofNanos(nanos) + " timeout per call";
  }
}
