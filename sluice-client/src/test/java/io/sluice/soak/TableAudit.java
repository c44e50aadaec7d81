package io.sluice.soak;

import io.sluice.Connection;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * After the run, every row in the table against every writer's ledger: each write the client
 * acknowledged is there, none it reported {@code NOT_SENT} or {@code SERVER_ERROR} is, the two
 * rows of a transaction are there together or not at all, and no row is there that nobody wrote.
 * {@code UNKNOWN} writes may be either way: both are counted.
 */
final class TableAudit {
  private final Map<Integer, WriteLog> logs = new HashMap<>();
  private final Map<Integer, BitSet> present = new HashMap<>();
  private final long[][] byOutcome = new long[WriteOutcome.values().length][2];   // [outcome][absent, present]
  private final Violations violations;
  private long rowsInTable;
  private long writesChecked;

  TableAudit(List<WriteLog> writers, Violations violations) {
    this.violations = violations;
    for (WriteLog log : writers) {
      logs.put(log.writer(), log);
      present.put(log.writer(), new BitSet(log.size()));
    }
  }

  /** Reads the whole table on {@code c} and compares; call once, after every writer has ended. */
  void run(Connection c) {
    c.forEach("select id, writer from soak", row -> see(row.getLong(0), row.getInt(1)));
    for (WriteLog log : logs.values()) {
      BitSet rows = present.get(log.writer());
      for (int seq = 0; seq < log.size(); seq++) {
        check(log, seq, rows.get(seq));
        if (log.sharesTransactionWithNext(seq) && rows.get(seq) != rows.get(seq + 1)) {
          violations.add(Violations.Kind.TORN_TRANSACTION, "ids " + WriteLog.id(log.writer(), seq) + " ("
              + (rows.get(seq) ? "present" : "absent") + ") and " + WriteLog.id(log.writer(), seq + 1) + " ("
              + (rows.get(seq + 1) ? "present" : "absent") + "), answered " + log.outcome(seq));
        }
      }
    }
  }

  private void see(long id, int writer) {
    rowsInTable++;
    WriteLog log = logs.get(WriteLog.writerOf(id));
    int seq = WriteLog.seqOf(id);
    if (log == null || seq < 0 || seq >= log.size() || writer != log.writer()) {
      violations.add(Violations.Kind.PHANTOM_ROW, "id " + id + " writer " + writer);
      return;
    }
    present.get(log.writer()).set(seq);
  }

  private void check(WriteLog log, int seq, boolean isPresent) {
    writesChecked++;
    WriteOutcome outcome = log.outcome(seq);
    byOutcome[outcome.ordinal()][isPresent ? 1 : 0]++;
    Violations.Kind broken = outcome.contradiction(isPresent);
    if (broken != null) {
      violations.add(broken, "id " + WriteLog.id(log.writer(), seq) + " (writer " + log.writer() + ", write #" + seq
          + "): answered " + outcome + ", " + (isPresent ? "present" : "absent"));
    }
  }

  long rowsInTable() {
    return rowsInTable;
  }

  long writesChecked() {
    return writesChecked;
  }

  /** Rows written with this answer that are in the table ({@code present}) or not. */
  long count(WriteOutcome outcome, boolean isPresent) {
    return byOutcome[outcome.ordinal()][isPresent ? 1 : 0];
  }
}
