package io.sluice.bench;

import java.time.Instant;
import java.util.List;

/**
 * What a report says about the run: the machine, the versions, the profile.
 *
 * @param profile "quick", "default" or "full", with "+" and the overrides when the command line changed it
 * @param warmup the rule that ended each warm-up
 * @param drivers each driver's name and {@link Driver#description()}
 */
public record RunInfo(Instant started, String profile, Warmup warmup, int runs, Target target,
    List<String[]> drivers) {

  public String java() {
    return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
  }

  public String os() {
    return System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch");
  }

  public int cpus() {
    return Runtime.getRuntime().availableProcessors();
  }

  public long maxHeapBytes() {
    return Runtime.getRuntime().maxMemory();
  }
}
