package io.sluice.lab.changes;

import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
import org.postgresql.replication.PGReplicationStream;

/**
 * pgjdbc's {@code PGReplicationStream} (a connection with {@code replication=database}, the
 * simple query mode its docs require, pgoutput protocol 1 in text, pgjdbc's default status
 * interval): it hands out each XLogData's payload as a {@link ByteBuffer} and decodes nothing, so
 * the lab decodes what the case needs by hand ({@link PgOutputReader}, {@link TextValues}). {@code read()} blocks on
 * the socket, bounded by {@code socketTimeout}.
 */
final class PgjdbcChanges extends ChangeConsumer {
  /** pgjdbc's {@code socketTimeout}, seconds: past the server's keepalives (every 30 s at most, by default). */
  private static final int SOCKET_TIMEOUT_S = 60;
  PgjdbcChanges(Target target) {
    super(target);
  }

  @Override
  public String name() {
    return "pgjdbc";
  }

  @Override
  public String description() {
    return "pgjdbc " + org.postgresql.util.DriverInfo.DRIVER_VERSION + " PGReplicationStream, pgoutput protocol 1"
        + " in text; the lab decodes Insert, Update and Commit by hand (PgOutputReader: every value parsed from its text"
        + " into the type Sluice's getter gives), skips the other messages";
  }

  @Override
  void consume(String slot, Fold fold, Commits commits) throws Exception {
    long deadline = System.nanoTime() + LIMIT.toNanos();
    PgOutputReader reader = new PgOutputReader();
    String url = target.jdbcUrl("replication=database&assumeMinServerVersion=10&preferQueryMode=simple"
        + "&socketTimeout=" + SOCKET_TIMEOUT_S);
    try (Connection c = DriverManager.getConnection(url);
         PGReplicationStream stream = c.unwrap(PGConnection.class).getReplicationAPI().replicationStream().logical()
             .withSlotName(slot)
             .withSlotOption("proto_version", "1")
             .withSlotOption("publication_names", ChangeFeed.PUBLICATION)
             .withStatusInterval(10, TimeUnit.SECONDS)
             .start()) {
      while (true) {
        ByteBuffer message = stream.read();
        if (reader.read(message, fold) == PgOutputReader.Kind.COMMIT) {
          if (commits.commit(reader.changes(), reader.lastCommitTime())) {
            return;
          }
          within(deadline, name(), reader.changes());
        }
      }
    }
  }
}
