package io.sluice.bench;

import io.sluice.Batch;
import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.PreparedQuery;
import io.sluice.Queryable;
import io.sluice.RowSet;
import io.sluice.ServerException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Many callers, one engine (issue 24): {@link Workload#threads()} virtual threads sharing one
 * {@link Connection} (or one {@link Pool}), each running every {@link Op} twice, in order — point
 * selects, a small multi-row select, statements the server refuses with four different SQLSTATEs,
 * a short sleep, a {@code forEach} whose callback throws, a prepared statement, a three-statement
 * batch. Every answer is checked: a wrong one (a missing or different error, a wrong value, a
 * callback exception that does not come back as itself) fails the execution, it is not a slower
 * measurement. Each operation folds one row (the operation and its answer), so every interface
 * that runs the load must fold the same checksum.
 */
public final class MixedLoad {
  /** The kinds of statement, each run twice by every thread. */
  public enum Op {
    POINT, MULTI, DIV0, RAISE, UNIQUE, BADINT, SLEEP, FOREACH_THROW, PREPARE, BATCH, POINT2;

    String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  /** Repetitions of the whole list of operations per thread. */
  public static final int ROUNDS = 2;
  /** The table whose one row the duplicate-key insert runs into, and the function that raises. */
  static final String TABLE = "bench.mixed_load_u";
  static final String RAISE = "bench.mixed_load_raise";

  private MixedLoad() {}

  /** Operations one execution with {@code threads} callers runs. */
  public static long operations(int threads) {
    return (long) threads * ROUNDS * Op.values().length;
  }

  /** Creates (or keeps) the table and function the load needs: unmeasured, idempotent. */
  public static void setUp(Queryable q) {
    q.execute("create table if not exists " + TABLE + " (id int primary key)");
    q.execute("insert into " + TABLE + " values (1) on conflict do nothing");
    q.execute("create or replace function " + RAISE + "() returns int language plpgsql as"
        + " $$ begin raise exception 'mixed load' using errcode = 'P0001'; end $$");
  }

  /** What the callers' times came to, per kind of operation. */
  public static final class Times {
    private final Map<Op, LongAdder> nanos = new EnumMap<>(Op.class);
    private final Map<Op, AtomicLong> max = new EnumMap<>(Op.class);

    Times() {
      for (Op op : Op.values()) {
        nanos.put(op, new LongAdder());
        max.put(op, new AtomicLong());
      }
    }

    void add(Op op, long n) {
      nanos.get(op).add(n);
      max.get(op).accumulateAndGet(n, Math::max);
    }

    /** Per kind: mean ms per operation and the slowest, e.g. {@code point 1.20 (max 40.1)}. */
    String describe(long perKind) {
      List<String> parts = new ArrayList<>();
      for (Op op : Op.values()) {
        parts.add(String.format("%s %.2f (max %.1f)", op.label(), nanos.get(op).sum() / 1e6 / perKind,
            max.get(op).get() / 1e6));
      }
      return String.join(", ", parts);
    }
  }

  /** Per interface, the per-kind times of its last execution (the last one is a measured run). */
  private static final Map<String, String> LAST = new ConcurrentHashMap<>();

  /** One line per interface that ran the load: its per-kind times in the last execution. */
  public static List<String> notes(String workload) {
    List<String> out = new ArrayList<>();
    LAST.forEach((who, times) -> out.add(workload + " on " + who + ", ms per operation by kind in its last execution"
        + " (mean, max): " + times));
    out.sort(null);
    return out;
  }

  /**
   * One execution on {@code connection} (one shared connection) or {@code pool}: every thread's
   * operations, every answer checked, one folded row per operation. {@code who} names the
   * interface for {@link #notes}.
   */
  public static void run(Workload w, Connection connection, Pool pool, Fold fold, String who) throws Exception {
    Queryable q = connection != null ? connection : pool;
    Times times = new Times();
    ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Fold> folds = new ConcurrentLinkedQueue<>();
    try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int t = 0; t < w.threads(); t++) {
        int id = t + 1;
        threads.submit(() -> {
          Fold mine = new Fold();
          for (int round = 0; round < ROUNDS; round++) {
            for (Op op : Op.values()) {
              long start = System.nanoTime();
              try {
                mine.add(op.ordinal());
                mine.add(answer(op, q, connection, pool, id));
                mine.endRow();
              } catch (Throwable e) {
                wrong.add(op.label() + " of caller " + id + ": " + e);
              }
              times.add(op, System.nanoTime() - start);
            }
          }
          folds.add(mine);
        });
      }
    }
    if (!wrong.isEmpty()) {
      throw new BenchFailure(w.name() + " on " + who + ": " + wrong.size() + " wrong answers, the first: "
          + wrong.stream().limit(3).toList());
    }
    folds.forEach(fold::merge);
    LAST.put(who, times.describe((long) w.threads() * ROUNDS));
  }

  /** Runs one operation for caller {@code id} and returns its checked answer's canonical long. */
  private static long answer(Op op, Queryable q, Connection connection, Pool pool, int id) {
    return switch (op) {
      case POINT, POINT2 -> expect(q.query("select $1::int + 1 as v", id).get(0).getInt(0), id + 1L, op);
      case MULTI -> {
        RowSet rows = q.query("select g from generate_series(1, 5) g");
        long sum = 0;
        for (int i = 0; i < rows.size(); i++) {
          sum = sum * 10 + rows.get(i).getInt(0);
        }
        yield expect(sum, 12345, op);
      }
      case DIV0 -> refused(() -> q.query("select 1/0"), "22012");
      case RAISE -> refused(() -> q.query("select " + RAISE + "()"), "P0001");
      case UNIQUE -> refused(() -> q.execute("insert into " + TABLE + " values (1)"), "23505");
      case BADINT -> refused(() -> q.query("select 'x'::int"), "22P02");
      case SLEEP -> expect(q.query("select pg_sleep(0.003)").size(), 1, op);
      case FOREACH_THROW -> {
        int[] seen = {0};
        IllegalStateException thrown = new IllegalStateException("the third row");
        try {
          q.forEach("select g from generate_series(1, 10) g", r -> {
            if (++seen[0] == 3) {
              throw thrown;
            }
          });
        } catch (IllegalStateException e) {
          if (e != thrown) {
            throw new IllegalStateException("forEach threw another exception than its callback's", e);
          }
          yield expect(seen[0], 3, op);
        }
        throw new IllegalStateException("forEach returned although its callback threw");
      }
      case PREPARE -> {
        PreparedQuery p = q.prepare("select $1::int * 2");
        yield expect(p.query(id).get(0).getInt(0), 2L * id, op);
      }
      case BATCH -> {
        if (pool != null) {
          try (Pool.Lease lease = pool.acquire()) {
            yield batch(lease.connection(), id);
          }
        }
        yield batch(connection, id);
      }
    };
  }

  private static long batch(Connection c, int id) {
    Batch b = c.batch();
    b.add("select 1");
    b.add("select $1::int", id);
    b.add("select 3");
    var items = b.run();
    if (items.size() != 3) {
      throw new IllegalStateException("a batch of 3 answered " + items.size());
    }
    long sum = 0;
    for (var item : items) {
      sum += item.rows().get(0).getInt(0);
    }
    return expect(sum, 4L + id, Op.BATCH);
  }

  private static long expect(long got, long expected, Op op) {
    if (got != expected) {
      throw new IllegalStateException(op.label() + " answered " + got + ", expected " + expected);
    }
    return got;
  }

  /** Runs a statement that must fail with {@code sqlState}; its canonical answer is the state's hash. */
  private static long refused(Runnable statement, String sqlState) {
    try {
      statement.run();
    } catch (ServerException e) {
      if (!e.sqlState().equals(sqlState)) {
        throw new IllegalStateException("expected SQLSTATE " + sqlState + ", got " + e.sqlState() + ": " + e.getMessage());
      }
      return Checksum.ofString(sqlState);
    }
    throw new IllegalStateException("expected SQLSTATE " + sqlState + ", the statement succeeded");
  }
}
