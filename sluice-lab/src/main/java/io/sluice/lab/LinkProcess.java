package io.sluice.lab;

import io.sluice.testkit.FaultProxy;
import java.time.Duration;

/**
 * The child side of {@link RemoteLink}: the testkit's {@link FaultProxy} with a latency, in a JVM
 * of its own so that its threads' CPU is not counted as the client's (the lab measures every thread
 * of its own JVM, and the proxy's virtual threads would run on the same carriers as the clients').
 * Arguments: target host, target port, one-way latency in microseconds. It prints {@code port N}
 * once listening, and runs until its standard input ends (the lab closes it, or the lab's process
 * ends).
 */
public final class LinkProcess {
  /** The line that tells the parent where the link listens. */
  static final String READY = "port ";

  private LinkProcess() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: LinkProcess HOST PORT LATENCY_MICROSECONDS");
      System.exit(2);
    }
    try (FaultProxy proxy = FaultProxy.start(args[0], Integer.parseInt(args[1]))
        .latency(Duration.ofNanos(Long.parseLong(args[2]) * 1_000))) {
      System.out.println(READY + proxy.port());
      System.out.flush();
      while (System.in.read() >= 0) {
        // nothing is sent: the end of the input is the signal to stop
      }
    }
  }
}
