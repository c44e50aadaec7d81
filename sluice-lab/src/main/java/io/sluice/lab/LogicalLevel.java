package io.sluice.lab;

import io.sluice.lab.changes.ChangeFeed;
import io.sluice.testkit.PostgresServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The settings of the lab's own server: {@code wal_level = logical} when the {@code changes} case
 * runs, else PostgreSQL's default ({@code replica}), so that every other case writes the WAL it
 * always did and its figures stay comparable with earlier runs. The lab starts its server once per
 * run, so choosing the level costs no restart. Also logical when the cluster still holds a
 * replication slot (a run killed during the case): PostgreSQL refuses to start below {@code
 * logical} with a logical slot on disk, and the case drops such a slot when it next runs.
 */
public final class LogicalLevel {
  private LogicalLevel() {}

  /** The server options for {@code cases} on the lab's cluster in {@code base} (the testkit's {@code data} in it). */
  public static PostgresServer.Options options(List<LabCase> cases, Path base, String version) {
    PostgresServer.Options o = PostgresServer.Options.defaults().withVersion(version).withTls(false);
    if (cases.stream().anyMatch(c -> c.name().startsWith(ChangeFeed.CASE)) || holdsSlots(base.resolve("data"))) {
      for (var s : ChangeFeed.serverSettings().entrySet()) {
        o = o.withSetting(s.getKey(), s.getValue());
      }
    }
    return o;
  }

  /** Whether {@code data}'s {@code pg_replslot} holds a slot (false when unreadable, or before the first start). */
  static boolean holdsSlots(Path data) {
    Path slots = data.resolve("pg_replslot");
    if (!Files.isDirectory(slots)) {
      return false;
    }
    try (Stream<Path> s = Files.list(slots)) {
      return s.anyMatch(Files::isDirectory);
    } catch (IOException e) {
      return false;
    }
  }
}
