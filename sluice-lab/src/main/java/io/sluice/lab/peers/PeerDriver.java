package io.sluice.lab.peers;

import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.Workload;
import java.io.IOException;

/**
 * A lab interface whose client is a {@link PeerProcess}: each execution is one request to it, and
 * its timing is the process's own.
 */
public abstract class PeerDriver implements Driver {
  /** The client process, started and connected. */
  protected final PeerProcess process;
  private Timing last;

  protected PeerDriver(PeerProcess process) {
    this.process = process;
  }

  @Override
  public void run(Workload w, Fold fold) throws Exception {
    last = process.run(w, fold);
  }

  @Override
  public Timing lastTiming() {
    return last;
  }

  /** Ends the process (it closes its connection). */
  @Override
  public void close() throws IOException {
    process.close();
  }
}
