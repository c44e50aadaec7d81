package io.sluice.internal.statements;

import io.sluice.internal.requests.ParameterCount;
import io.sluice.internal.requests.ServerStatement;
import io.sluice.ValueException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Prepared statements of one connection, least recently used first out. An evicted named
 * statement is handed back so that the caller can Close it on the server; in unnamed mode
 * (capacity 0, or once {@link #unnamedFromNow} found the connection behind a pooler) only
 * descriptions are cached, in a map of bounded size, and nothing is closed.
 *
 * <p>Names are {@code s<tag>_<n>}: the tag is random per connection and {@code n} never repeats
 * within it. Behind a pooler in transaction mode the server sessions are shared by every client,
 * and names like {@code s1} from two connections would meet: one's Parse fails (42P05, "already
 * exists") or, worse, one's Bind runs the other's statement. With a tag of its own a connection
 * can only find its statement missing (26000), never someone else's.
 */
final class StatementCache {
  private static final int UNNAMED_DESCRIPTIONS = 256;

  /** How statements are named on the server; lock held to read or change. */
  private enum Naming {
    NAMED,
    /** {@code statement_cache_size=0}, or named statements went missing (see {@link #unnamedFromNow}). */
    UNNAMED
  }

  private final int capacity;
  private Naming naming;
  private final String prefix = "s" + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + "_";
  private final ReentrantLock lock = new ReentrantLock();
  private final LinkedHashMap<ServerStatement.Key, ServerStatement> map = new LinkedHashMap<>(64, 0.75f, true);
  private long counter;
  /** Lookups that found a usable statement, that did not, and statements pushed out: {@link io.sluice.ConnectionStats}. Lock held. */
  private long hits, misses, evictions;
  /** Statements dropped by {@link #clear} that the server still has: Closed with the next lookup's evictions. Lock held. */
  private final List<ServerStatement> toClose = new ArrayList<>();

  /** The pooler in front of the server, as the configuration says ({@code pooler_mode}). */
  final io.sluice.PoolerMode poolerMode;

  /** Whether the session's {@code standard_conforming_strings} is on, for counting placeholders. */
  private final java.util.function.BooleanSupplier standardStrings;

  StatementCache(int capacity) {
    this(capacity, () -> true);
  }

  StatementCache(int capacity, java.util.function.BooleanSupplier standardStrings) {
    this(capacity, standardStrings, io.sluice.PoolerMode.NONE);
  }

  /** With {@code mode} sharing server sessions, statements that would leave state in one are refused ({@link SharedSessionGuard}). */
  StatementCache(int capacity, java.util.function.BooleanSupplier standardStrings, io.sluice.PoolerMode mode) {
    this.poolerMode = mode;
    this.standardStrings = standardStrings;
    this.capacity = capacity;
    this.naming = capacity == 0 ? Naming.UNNAMED : Naming.NAMED;
  }

  /**
   * Turns to unnamed statements for the rest of the connection's life, after the server lost a
   * named statement this connection had prepared and not closed (26000): the server session
   * changed under the connection, as behind PgBouncer in transaction or statement mode. Every
   * cached statement is dropped (those still on some server session are left there: which one is
   * unknown). False when the cache was unnamed already.
   */
  boolean unnamedFromNow() {
    lock.lock();
    try {
      if (naming == Naming.UNNAMED) {
        return false;
      }
      naming = Naming.UNNAMED;
      map.values().forEach(s -> s.stale = true);
      map.clear();
      return true;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The cached statement for this key, or a new one to prepare; second element true when new. When
   * the key's values do not fit the SQL's parameters, a statement already failed with the {@link
   * ValueException} (not cached, never sent): whoever describes it throws that.
   */
  Lookup lookup(ServerStatement.Key key) {
    lock.lock();
    try {
      ServerStatement s = map.get(key);
      if (s != null && !s.stale && s.failure == null) {
        ValueException refused = refusal(key, s.placeholders);
        hits++;
        return refused == null ? new Lookup(s, false, List.of()) : refusedLookup(key, s.placeholders, refused);
      }
      int placeholders = Placeholders.highest(key.sql(), standardStrings.getAsBoolean());
      ValueException refused = refusalOfNew(key, placeholders);
      if (refused != null) {
        return refusedLookup(key, placeholders, refused);
      }
      boolean unnamed = naming == Naming.UNNAMED;
      ServerStatement fresh = new ServerStatement(key, unnamed ? "" : prefix + (++counter), placeholders);
      misses++;
      map.put(key, fresh);
      List<ServerStatement> evicted = new ArrayList<>(toClose);
      toClose.clear();
      int limit = unnamed ? UNNAMED_DESCRIPTIONS : capacity;
      Iterator<Map.Entry<ServerStatement.Key, ServerStatement>> it = map.entrySet().iterator();
      while (map.size() > limit && it.hasNext()) {
        ServerStatement old = it.next().getValue();
        it.remove();
        old.stale = true;
        evictions++;
        if (!old.unnamed() && old.isDescribed()) {
          evicted.add(old);
        }
      }
      return new Lookup(fresh, true, evicted);
    } finally {
      lock.unlock();
    }
  }

  record Lookup(ServerStatement statement, boolean isNew, List<ServerStatement> evicted) {}

  /**
   * Why the key's values cannot be bound to its SQL, or null; nothing is cached. Lets a caller
   * refuse a group of statements before any of them is prepared (an atomic batch).
   */
  ValueException refusal(ServerStatement.Key key) {
    lock.lock();
    try {
      ServerStatement s = map.get(key);
      boolean usable = s != null && !s.stale && s.failure == null;
      return usable ? refusal(key, s.placeholders)
          : refusalOfNew(key, Placeholders.highest(key.sql(), standardStrings.getAsBoolean()));
    } finally {
      lock.unlock();
    }
  }

  /**
   * The checks of SQL seen for the first time: its parameter count, and COPY with the client's
   * data, which goes through the COPY API (its exchange would stall the requests behind it).
   */
  private ValueException refusalOfNew(ServerStatement.Key key, int placeholders) {
    if (CopyStatements.viaClient(key.sql(), standardStrings.getAsBoolean())) {
      return new ValueException("COPY FROM STDIN and COPY TO STDOUT run through the COPY API (Connection.copy()), "
          + "which holds the connection for the data exchange; as an ordinary statement it would stall every "
          + "request behind it. Nothing was sent");
    }
    ValueException shared = SharedSessionGuard.refusal(key.sql(), standardStrings.getAsBoolean(), poolerMode);
    if (shared != null) {
      return shared;
    }
    return refusal(key, placeholders);
  }

  /** A cached statement was counted when it was first looked up, so a hit costs an int compare. */
  private static ValueException refusal(ServerStatement.Key key, int placeholders) {
    return key.valuesDeclared() ? ParameterCount.refusal(placeholders, key.declaredTypes().length) : null;
  }

  private static Lookup refusedLookup(ServerStatement.Key key, int placeholders, ValueException refused) {
    ServerStatement st = new ServerStatement(key, "", placeholders);
    st.stale = true;
    st.markFailed(refused);
    return new Lookup(st, false, List.of());
  }

  /** Forgets a statement that failed or that the server no longer has. */
  void invalidate(ServerStatement s) {
    lock.lock();
    try {
      s.stale = true;
      map.remove(s.key(), s);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Forgets everything ({@link PlanInvalidation}): each statement is prepared again at its next
   * use. When {@code serverKeeps}, the named ones the server has are Closed with the next new
   * statement's Parse (as evicted ones are); otherwise the server has dropped them already.
   */
  void clear(boolean serverKeeps) {
    lock.lock();
    try {
      for (ServerStatement s : map.values()) {
        s.stale = true;
        if (serverKeeps && !s.unnamed() && s.isDescribed()) {
          toClose.add(s);
        }
      }
      map.clear();
    } finally {
      lock.unlock();
    }
  }

  /** Whether a usable statement is cached for {@code key} (counts as a use in the LRU order, as the lookup that follows would). */
  boolean holds(ServerStatement.Key key) {
    lock.lock();
    try {
      ServerStatement s = map.get(key);
      return s != null && !s.stale && s.failure == null;
    } finally {
      lock.unlock();
    }
  }

  /** The cache's counters since the connection opened, and its size now. */
  record Counts(long hits, long misses, long evictions, int size) {}

  Counts counts() {
    lock.lock();
    try {
      return new Counts(hits, misses, evictions, map.size());
    } finally {
      lock.unlock();
    }
  }

  int size() {
    lock.lock();
    try {
      return map.size();
    } finally {
      lock.unlock();
    }
  }
}
