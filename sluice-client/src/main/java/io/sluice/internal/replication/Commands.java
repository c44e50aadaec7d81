package io.sluice.internal.replication;

import io.sluice.replication.Lsn;
import io.sluice.replication.SlotOptions;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The text of the replication commands (PostgreSQL docs, "Streaming Replication Protocol"), in the
 * syntax of the server's version: {@code CREATE_REPLICATION_SLOT}'s parenthesised options are
 * PostgreSQL 15's; before, the legacy keywords. Names are checked here rather than quoted, as
 * PostgreSQL checks slot names ({@code ReplicationSlotValidateName}: lower-case letters, digits and
 * underscores, at most 63 bytes).
 */
final class Commands {
  private static final Pattern SLOT_NAME = Pattern.compile("[a-z0-9_]{1,63}");

  private Commands() {}

  static String slotName(String name) {
    if (name == null || !SLOT_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("a replication slot name has 1 to 63 lower-case letters, digits and "
          + "underscores; not \"" + name + "\"");
    }
    return name;
  }

  static String identifySystem() {
    return "IDENTIFY_SYSTEM";
  }

  static String createSlot(String name, SlotOptions options, int serverMajor) {
    StringBuilder sql = new StringBuilder("CREATE_REPLICATION_SLOT ").append(slotName(name));
    if (options.temporary()) {
      sql.append(" TEMPORARY");
    }
    sql.append(" LOGICAL pgoutput");
    if (serverMajor >= 15) {
      sql.append(switch (options.snapshot()) {
        case NOTHING -> " (SNAPSHOT 'nothing')";
        case EXPORT -> " (SNAPSHOT 'export')";
        case USE -> " (SNAPSHOT 'use')";
      });
    } else {
      sql.append(switch (options.snapshot()) {
        case NOTHING -> " NOEXPORT_SNAPSHOT";
        case EXPORT -> " EXPORT_SNAPSHOT";
        case USE -> " USE_SNAPSHOT";
      });
    }
    return sql.toString();
  }

  static String dropSlot(String name, boolean wait) {
    return "DROP_REPLICATION_SLOT " + slotName(name) + (wait ? " WAIT" : "");
  }

  /** The slot's row of {@code pg_replication_slots} ({@code wal_status} is PostgreSQL 13's). */
  static String slotState(String name, int serverMajor) {
    return "SELECT slot_name, plugin, slot_type, database, temporary, active, active_pid, restart_lsn, "
        + "confirmed_flush_lsn, " + (serverMajor >= 13 ? "wal_status" : "NULL") + " FROM pg_catalog.pg_replication_slots "
        + "WHERE slot_name = " + literal(slotName(name));
  }

  /**
   * {@code START_REPLICATION SLOT s LOGICAL X/Y (option 'value', …)} with pgoutput's options: the
   * publication names go as one string of double-quoted identifiers separated by commas.
   */
  static String startReplication(String slot, Lsn start, int protocolVersion, List<String> publications,
      boolean binary, boolean messages, boolean streaming, boolean twoPhase) {
    StringBuilder names = new StringBuilder();
    for (String p : publications) {
      names.append(names.isEmpty() ? "" : ",").append('"').append(p.replace("\"", "\"\"")).append('"');
    }
    StringBuilder sql = new StringBuilder("START_REPLICATION SLOT ").append(slotName(slot)).append(" LOGICAL ")
        .append(start).append(" (proto_version '").append(protocolVersion).append("', publication_names ")
        .append(literal(names.toString()));
    if (binary) {
      sql.append(", binary 'true'");
    }
    if (messages) {
      sql.append(", messages 'true'");
    }
    if (streaming) {
      sql.append(", streaming 'on'");
    }
    if (twoPhase) {
      sql.append(", two_phase 'on'");
    }
    return sql.append(')').toString();
  }

  /** A standard-conforming string literal (a walsender's scanner reads only that form). */
  static String literal(String s) {
    if (s.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("a NUL character cannot be sent in a command");
    }
    return "'" + s.replace("'", "''") + "'";
  }

  /** pgoutput's newest protocol on a server: 1 before 14, 2 on 14 (streaming), 3 on 15 (two-phase), 4 from 16. */
  static int protocolFor(int serverMajor) {
    if (serverMajor >= 16) {
      return 4;
    }
    if (serverMajor == 15) {
      return 3;
    }
    return serverMajor == 14 ? 2 : 1;
  }
}
