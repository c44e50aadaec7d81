package io.sluice.internal.requests;

import io.sluice.protocol.BackendMessage.DataRow;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;

/**
 * Where the server's WAL stands, asked behind a caller's request by a routing pool (issue 23,
 * docs/design/fleet-notes.md): on a primary {@code pg_current_wal_insert_lsn()}, at or past the
 * end of every commit record acknowledged before it ran; on a standby {@code
 * pg_last_wal_replay_lsn()}, at or past everything a read before it saw. {@code
 * pg_is_in_recovery()} is read once (a CTE calling a volatile function is evaluated once) and
 * decides which of the two runs: the primary's function raises an error during recovery.
 *
 * <p>A simple-protocol Query of its own, so its own transaction and its own ReadyForQuery; one
 * row in text: the role, the position, {@code wal_block_size} and {@code wal_segment_size} (the
 * insert position needs both to be read as a record end: {@code RecordEnd.of}). Not
 * exclusive and fire-and-forget: anyone reading may complete it.
 */
public final class WalPositionRequest extends SimpleProtocolRequest {
  static final String SQL = "WITH r AS (SELECT pg_catalog.pg_is_in_recovery() AS standby) SELECT r.standby,"
      + " (CASE WHEN r.standby THEN pg_catalog.pg_last_wal_replay_lsn()"
      + " ELSE pg_catalog.pg_current_wal_insert_lsn() END)::text,"
      + " pg_catalog.current_setting('wal_block_size'), pg_catalog.current_setting('wal_segment_size') FROM r";

  private String[] row;

  /**
   * {@code waited} false for a trailer: a call may queue several (one behind each of its
   * requests) and wait only for the last, so an earlier one must not count on its creator to read
   * for it; true when asked on its own ({@code RequestEngine.run}).
   */
  public WalPositionRequest(boolean waited) {
    super(SQL, waited);
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    if (type == BackendTag.DATA_ROW) {
      byte[][] v = ((DataRow) frame.decode()).values();
      if (v.length != 4) {
        throw new ProtocolException("the WAL position query returned " + v.length + " columns, not 4");
      }
      String[] text = new String[4];
      for (int i = 0; i < 4; i++) {
        text[i] = v[i] == null ? null : new String(v[i], StandardCharsets.UTF_8);
      }
      row = text;
    }
  }

  /** Whether the server was a standby (in recovery) when it answered. */
  public boolean standby() {
    return "t".equals(value(0));
  }

  /** The position as the server printed it ({@code X/Y}); null on a standby that has replayed nothing yet. */
  public String position() {
    return value(1);
  }

  /** {@code wal_block_size} in bytes. */
  public int walBlockSize() {
    return Integer.parseInt(value(2));
  }

  /** {@code wal_segment_size} in bytes: the server prints it with a unit ({@code 16MB}). */
  public long walSegmentSize() {
    return bytes(value(3));
  }

  private String value(int i) {
    if (row == null) {
      throw new IllegalStateException("the WAL position query has not answered");
    }
    return row[i];
  }

  /** A memory setting as {@code SHOW} prints it ({@code 16MB}, {@code 1GB}, {@code 512kB}, {@code 8192}) in bytes. */
  static long bytes(String shown) {
    int end = shown.length();
    long unit = 1;
    if (shown.endsWith("kB")) {
      unit = 1L << 10;
    } else if (shown.endsWith("MB")) {
      unit = 1L << 20;
    } else if (shown.endsWith("GB")) {
      unit = 1L << 30;
    } else if (shown.endsWith("TB")) {
      unit = 1L << 40;
    } else if (shown.endsWith("B")) {
      end = end - 1;
    }
    if (unit > 1) {
      end = end - 2;
    }
    try {
      return Long.parseLong(shown.substring(0, end).trim()) * unit;
    } catch (NumberFormatException e) {
      throw new ProtocolException("wal_segment_size reads '" + shown + "', not a size");
    }
  }
}
