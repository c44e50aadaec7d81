package io.sluice.lab.changes;

import io.sluice.Connection;
import java.util.List;

/**
 * The server's side of the {@code changes} case, through an ordinary Sluice connection: the narrow
 * table {@value #TABLE} ({@code bigint} key, an {@code int}, a 32-character {@code text}), its
 * publication, the logical slots, and the producer's transactions. A slot the case makes is
 * permanent (every execution is a new session that must find it) and is dropped when the case ends;
 * one a killed run left behind is dropped when the next one starts, since a logical slot keeps WAL
 * and would stop the server from starting without {@code wal_level = logical}.
 */
final class FeedTables {
  static final String TABLE = "lab.changes";
  /** Rows per producer transaction in the throughput feed. */
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
    c.execute("create table " + TABLE + " (id bigint primary key, n int not null, v text not null)");
    c.execute("drop publication if exists " + ChangeFeed.PUBLICATION);
    c.execute("create publication " + ChangeFeed.PUBLICATION + " for table " + TABLE + " with (publish = 'insert')");
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

  /** Commits rows {@code first} to {@code first + count - 1} in one transaction. */
  static void insert(Connection c, long first, int count) {
    c.execute("insert into " + TABLE + " select g, (g % 1000)::int, md5(g::text) from generate_series($1::bigint,"
        + " $2::bigint) g", first, first + count - 1);
  }

  /** Commits {@code rows} rows from id 1 in transactions of {@value #TRANSACTION_ROWS}. */
  static void produce(Connection c, long rows) {
    for (long first = 1; first <= rows; first += TRANSACTION_ROWS) {
      insert(c, first, (int) Math.min(TRANSACTION_ROWS, rows - first + 1));
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
