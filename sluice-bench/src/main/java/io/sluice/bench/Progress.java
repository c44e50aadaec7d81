package io.sluice.bench;

import java.io.PrintStream;

/**
 * One live status line on standard error ({@code \r}-rewritten): which workload, driver and run,
 * and the time since the start. {@link #done} leaves a finished line in place.
 */
public final class Progress {
  private final PrintStream out;
  private final long start = System.nanoTime();
  private final boolean live;
  private int lastLength;

  /** A live line on a terminal; elsewhere (a log, CI) only the finished lines. */
  public Progress(PrintStream out) {
    this(out, System.console() != null);
  }

  public Progress(PrintStream out, boolean live) {
    this.out = out;
    this.live = live;
  }

  /** E.g. {@code [2/8] mixed9  vertx  run 3/7}. */
  public void show(int workloadIndex, int workloadCount, Workload workload, String driver, String phase) {
    if (!live) {
      return;
    }
    double elapsed = elapsedSeconds();
    String eta = workloadIndex > 1
        ? String.format("  ETA %.0fs", elapsed / (workloadIndex - 1) * (workloadCount - workloadIndex + 1)) : "";
    String line = String.format("%5.0fs [%d/%d] %-10s %-14s %s%s", elapsed, workloadIndex, workloadCount,
        workload.name(), driver, phase, eta);
    write("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
    lastLength = line.length();
  }

  /** Replaces the status line with {@code line} and moves to a new line. */
  public void done(String line) {
    write("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())) + "\n");
    lastLength = 0;
  }

  public double elapsedSeconds() {
    return (System.nanoTime() - start) / 1e9;
  }

  private void write(String s) {
    out.print(s);
    out.flush();
  }
}
