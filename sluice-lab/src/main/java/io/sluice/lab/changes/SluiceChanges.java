package io.sluice.lab.changes;

import io.sluice.bench.Checksum;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.replication.Change;
import io.sluice.replication.ChangeStream;
import io.sluice.replication.ReplicationConnection;
import io.sluice.replication.StreamOptions;
import io.sluice.replication.Tuple;
import java.time.Duration;

/**
 * Sluice's change stream with its defaults ({@link StreamOptions#of}: the newest pgoutput protocol
 * the server has, binary values, a buffer of 1,024 changes filled by the stream's reader thread):
 * every change decoded into a {@link Change}, each inserted or updated row's nine values read with
 * the typed getters for their types ({@code getLong}, {@code getInt}, {@code getBigDecimal}, {@code
 * getString}, {@code getOffsetDateTime}, {@code getBoolean}, {@code getUUID}) and folded.
 */
final class SluiceChanges extends ChangeConsumer {
  SluiceChanges(Target target) {
    super(target);
  }

  @Override
  public String name() {
    return "sluice";
  }

  @Override
  public String description() {
    return "Sluice ChangeStream (io.sluice.replication), defaults: pgoutput's newest protocol, binary values,"
        + " every message decoded into a Change, the nine values of each inserted or updated row read with"
        + " getLong/getInt/getBigDecimal/getString/getOffsetDateTime/getBoolean/getUUID";
  }

  @Override
  void consume(String slot, Fold fold, Commits commits) {
    long deadline = System.nanoTime() + LIMIT.toNanos();
    long changes = 0;
    try (ReplicationConnection repl = ReplicationConnection.open(target.uri());
         ChangeStream stream = repl.start(StreamOptions.of(slot, ChangeFeed.PUBLICATION))) {
      while (true) {
        Change c = stream.poll(Duration.ofSeconds(1));
        if (c instanceof Change.Insert insert) {
          fold(insert.row(), fold);
          changes++;
        } else if (c instanceof Change.Update update) {
          fold(update.row(), fold);
          changes++;
        } else if (c instanceof Change.Commit commit) {
          if (commits.commit(changes, commit.commitTime())) {
            return;
          }
        } else if (c == null) {
          within(deadline, name(), changes);
        }
      }
    }
  }

  /** The row's nine values, each through the typed getter for its column's type (FeedTables#COLUMNS). */
  static void fold(Tuple row, Fold fold) {
    fold.add(Checksum.ofLong(row.getLong(0)));
    fold.add(Checksum.ofLong(row.getInt(1)));
    fold.add(Checksum.ofLong(row.getLong(2)));
    fold.add(Checksum.ofBigDecimal(row.getBigDecimal(3)));
    fold.add(Checksum.ofString(row.getString(4)));
    fold.add(Checksum.ofString(row.getString(5)));
    fold.add(Checksum.ofTimestamp(row.getOffsetDateTime(6)));
    fold.add(Checksum.ofBoolean(row.getBoolean(7)));
    fold.add(Checksum.ofUuid(row.getUUID(8)));
    fold.endRow();
  }
}
