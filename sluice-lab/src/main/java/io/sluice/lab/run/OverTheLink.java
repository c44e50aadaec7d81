package io.sluice.lab.run;

import io.sluice.lab.LabCase;
import io.sluice.lab.LabOptions;
import io.sluice.lab.Profiles;
import io.sluice.lab.RemoteLink;

import io.sluice.bench.Progress;
import io.sluice.bench.Series;
import io.sluice.bench.Workload;
import io.sluice.bench.Target;
import io.sluice.lab.http.HttpBench;
import io.sluice.lab.scale.PoolScaling;
import java.util.List;
import java.util.Map;

/**
 * The cases over the simulated remote link ({@link RemoteLink}, {@link Profiles#REMOTE_LATENCY}
 * each way), one link for all of them: the drivers' remote point cases and the batch, the
 * pool-scaling case, then the HTTP cases whose servers' pools reach PostgreSQL through the link.
 */
public final class OverTheLink {
  /** The Java HTTP servers (pgjdbc + HikariCP, Sluice): the pair the remote HTTP cases compare. */
  static final List<String> HTTP_SERVERS = List.of("http-pgjdbc", "http-sluice");

  private OverTheLink() {}

  static void run(List<LabCase> cases, Target target, LabOptions o, Profiles profile, Progress progress,
      List<Series> results, Map<String, Long> checksums, List<String> notes) throws Exception {
    if (cases.stream().noneMatch(c -> c.transport().equals("remote") || c.name().endsWith(Profiles.REMOTE))) {
      return;
    }
    try (RemoteLink link = RemoteLink.open(target, Profiles.REMOTE_LATENCY)) {
      notes.add("the remote link (cases …" + Profiles.REMOTE + "): " + link.description());
      Lab.runGroup(cases, "remote", link.target(), o.drivers(), profile, progress, results, checksums, notes);
      for (LabCase c : cases) {
        if (c.name().startsWith(Profiles.POOL_SCALING)) {
          PoolScaling.run(c.workload(), link.target(), PoolScaling.setups(profile.name().startsWith("full")),
              Profiles.REMOTE_LATENCY, profile.warmup(), profile.runs(), progress, results, checksums, notes);
        }
      }
      List<Workload> http = cases.stream().filter(c -> c.transport().equals("http") && c.name().endsWith(
          Profiles.REMOTE)).map(LabCase::workload).toList();
      List<String> servers = o.interfaces().stream().filter(HTTP_SERVERS::contains).toList();
      if (!http.isEmpty() && !servers.isEmpty()) {
        String why = HttpBench.unavailable();
        if (why != null) {
          notes.add("HTTP cases over the remote link skipped: " + why);
        } else {
          HttpBench.run(http, link.target(), servers, profile.warmup(), profile.runs(), progress, results, notes);
        }
      }
    }
  }
}
