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
 * every change decoded into a {@link Change}, each inserted row read with its typed getters.
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
        + " every message decoded into a Change, row values read with getLong/getInt/getString";
  }

  @Override
  void consume(String slot, Fold fold, Commits commits) {
    long deadline = System.nanoTime() + LIMIT.toNanos();
    long inserts = 0;
    try (ReplicationConnection repl = ReplicationConnection.open(target.uri());
         ChangeStream stream = repl.start(StreamOptions.of(slot, ChangeFeed.PUBLICATION))) {
      while (true) {
        Change c = stream.poll(Duration.ofSeconds(1));
        if (c instanceof Change.Insert insert) {
          Tuple row = insert.row();
          fold.add(Checksum.ofLong(row.getLong(0)));
          fold.add(Checksum.ofLong(row.getInt(1)));
          fold.add(Checksum.ofString(row.getString(2)));
          fold.endRow();
          inserts++;
        } else if (c instanceof Change.Commit commit) {
          if (commits.commit(inserts, commit.commitTime())) {
            return;
          }
        } else if (c == null) {
          within(deadline, name(), inserts);
        }
      }
    }
  }
}
