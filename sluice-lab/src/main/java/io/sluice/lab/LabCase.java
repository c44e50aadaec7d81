package io.sluice.lab;

import io.sluice.bench.Workload;

/**
 * One case of the lab: a workload, and where it sits in the seeds' experiments.
 *
 * @param experiment the seed experiment it reproduces ("seed 000 test 1", "seed 003 matrix", …)
 * @param transport how the client reaches the server: "tcp" (loopback) or "remote" (through the
 *     testkit's latency proxy)
 * @param connect "once": connecting is not measured
 */
public record LabCase(Workload workload, String experiment, String transport, String connect) {
  public String name() {
    return workload.name();
  }
}
