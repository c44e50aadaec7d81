package io.sluice.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The measured samples of one workload on one driver (steady state, after the warm-up), and apart
 * from them the first, cold call and how the warm-up went.
 */
public final class Series {
  private final Workload workload;
  private final String driver;
  private final List<Sample> samples = new ArrayList<>();
  private Sample cold;
  private Warmup.Outcome warmup;

  public Series(Workload workload, String driver) {
    this.workload = workload;
    this.driver = driver;
  }

  public void add(Sample sample) {
    samples.add(sample);
  }

  /** The first call after {@link Driver#prepare}: measured, not among the samples. */
  public void cold(Sample sample) {
    this.cold = sample;
  }

  /** The cold call, or null when the series was not warmed by {@link Runner#warm}. */
  public Sample cold() {
    return cold;
  }

  public void warmup(Warmup.Outcome outcome) {
    this.warmup = outcome;
  }

  /** How the warm-up went, or null when there was none. */
  public Warmup.Outcome warmup() {
    return warmup;
  }

  public Workload workload() {
    return workload;
  }

  public String driver() {
    return driver;
  }

  public List<Sample> samples() {
    return List.copyOf(samples);
  }

  public boolean isEmpty() {
    return samples.isEmpty();
  }

  public Stats wall() {
    return Stats.of(samples, Sample::wallNanos);
  }

  public Stats cpu() {
    return Stats.of(samples, Sample::cpuNanos);
  }

  public Stats threadCpu() {
    return Stats.of(samples, Sample::threadCpuNanos);
  }

  public Stats allocated() {
    return Stats.of(samples, Sample::allocatedBytes);
  }

  /** Minimum, median and maximum of one measure; the median of an even count is the lower middle. */
  public record Stats(long min, long median, long max) {
    static Stats of(List<Sample> samples, ToLongFunction<Sample> measure) {
      long[] values = samples.stream().mapToLong(measure).sorted().toArray();
      if (values.length == 0) {
        return new Stats(0, 0, 0);
      }
      return new Stats(values[0], values[(values.length - 1) / 2], values[values.length - 1]);
    }

    @Override
    public String toString() {
      return Arrays.toString(new long[] {min, median, max});
    }
  }
}
