package io.sluice.lab.changes;

import io.sluice.Connection;
import java.util.List;

/**
 * The server's side of the {@code changes} case, through an ordinary Sluice connection: the table
 * {@value #TABLE} of nine columns of the types guide's common types ({@code bigint} key, {@code
 * int}, {@code bigint}, {@code numeric(12,2)}, a 32-character {@code text}, a short {@code
 * varchar(16)}, {@code timestamptz} with microseconds, {@code boolean}, {@code uuid}; no NULLs),
 * its publication (inserts and updates), the logical slots, and the producer's transactions: each
 * half inserts of new rows, half updates of every column but the key of rows an earlier transaction
 * inserted ({@code REPLICA IDENTITY DEFAULT} and an unchanged key: pgoutput sends the new row
 * only, no old key). A slot the case makes is
 * permanent (every execution is a new session that must find it) and is dropped when the case ends;
 * one a killed run left behind is dropped when the next one starts, since a logical slot keeps WAL
 * and would stop the server from starting without {@code wal_level = logical}.
 */
final class FeedTables {
  static final String TABLE = "lab.changes";
  /** The table's columns, in order. */
  static final String COLUMNS = "id bigint primary key, n int not null, qty bigint not null, price numeric(12,2) not null,"
      + " name text not null, code varchar(16) not null, at timestamptz not null, flag boolean not null,"
      + " ref uuid not null";
  /** How many columns the table has: every change carries them all. */
  static final int COLUMN_COUNT = 9;
  /** Changes per producer transaction in the throughput feed. */
  static final int TRANSACTION_ROWS = 1_000;

  private FeedTables() {}

  /** {@code wal_level}: the case runs only where it is {@code logical}. */
  static String walLevel(Connection c) {
    return c.query("show wal_level").get(0).getString(0);
  }

  /** An empty table and its publication, and no slot of the case's left from before. */
  static void reset(Connection c) {
    dropSlots(c);
    c.execute("create schema if not exists lab");   // the results' schema, made by ResultsStore in a lab run
    c.execute("drop table if exists " + TABLE);
    c.execute("create table " + TABLE + " (" + COLUMNS + ")");
    c.execute("drop publication if exists " + ChangeFeed.PUBLICATION);
    c.execute("create publication " + ChangeFeed.PUBLICATION + " for table " + TABLE + " with (publish = 'insert, update')");
  }

  /** A logical slot (pgoutput) at the current end of the WAL: it streams what commits after it. */
  static void createSlot(Connection c, String slot) {
    c.query("select pg_create_logical_replication_slot($1, 'pgoutput')", slot);
  }

  /** Drops {@code slot}, waiting (bounded) for a session that still holds it to let go. */
  static void dropSlot(Connection c, String slot) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      boolean active = c.query("select active from pg_replication_slots where slot_name = $1", slot).stream()
          .anyMatch(r -> r.getBoolean(0));
      if (!active || System.nanoTime() > deadline) {
        c.query("select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1", slot);
        return;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Drops every slot of the case ({@code lab_changes…}) that no session holds. */
  static void dropSlots(Connection c) {
    c.query("select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name like 'lab\\_changes%'"
        + " and not active");
  }

  /**
   * One producer transaction of {@code changes} changes: inserts rows {@code first} to {@code first +
   * inserts - 1} ({@code inserts} = the larger half), then updates as many rows as the smaller half,
   * those just below {@code first} — an earlier transaction's — or, for the feed's first transaction
   * (nothing below {@code base}, its first id), the rows it has just inserted.
   *
   * @return the next transaction's {@code first}
   */
  static long commit(Connection c, long base, long first, int changes) {
    int updates = changes / 2;
    int inserts = changes - updates;
    long low = Math.max(base, first - updates);
    c.transaction(tx -> {
      tx.execute("insert into " + TABLE + " select g, (g % 1000)::int, g * 7, ((g % 100000) / 100.0 + 0.01)::numeric(12,2),"
          + " md5(g::text), 'c' || (g % 997), timestamptz '2026-01-01 00:00:00+00' + g * interval '1001 microseconds',"
          + " g % 2 = 0, md5(g::text)::uuid from generate_series($1::bigint, $2::bigint) g", first, first + inserts - 1);
      if (updates > 0) {
        tx.execute("update " + TABLE + " set n = n + 1, qty = qty + 1, price = price + 1.25, name = md5(name),"
            + " code = code || 'u', at = at + interval '1.5 s', flag = not flag, ref = md5(ref::text)::uuid"
            + " where id between $1 and $2", low, low + updates - 1);
      }
      return null;
    });
    return first + inserts;
  }

  /** Commits {@code changes} changes from id 1 in transactions of {@value #TRANSACTION_ROWS}. */
  static void produce(Connection c, long changes) {
    long first = 1;
    for (long done = 0; done < changes; done += TRANSACTION_ROWS) {
      first = commit(c, 1, first, (int) Math.min(TRANSACTION_ROWS, changes - done));
    }
  }

  /** The table emptied and gone, with its publication (the case's WAL is then free to go too). */
  static void drop(Connection c) {
    dropSlots(c);
    c.execute("drop publication if exists " + ChangeFeed.PUBLICATION);
    c.execute("drop table if exists " + TABLE);
  }

  static List<String> slots(Connection c) {
    return c.query("select slot_name from pg_replication_slots where slot_name like 'lab\\_changes%'").stream()
        .map(r -> r.getString(0)).toList();
  }
}
