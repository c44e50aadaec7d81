package io.sluice.lab;

import io.sluice.bench.Target;
import io.sluice.testkit.FaultProxy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The lab's simulated remote link: the testkit's latency proxy ({@link FaultProxy}: every chunk
 * delayed by the same one-way latency, each direction on its own) between the clients and the
 * server. It runs in a child JVM ({@link LinkProcess}) so that the client CPU the lab reads for
 * this JVM is the clients' alone; if that JVM cannot start, the proxy runs in this one and {@link
 * #description()} says that the CPU figures then include it.
 */
public final class RemoteLink implements AutoCloseable {
  /** How long the child JVM may take to start listening. */
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private final Target via;
  private final Process process;
  private final FaultProxy inProcess;
  private final String description;

  private RemoteLink(Target via, Process process, FaultProxy inProcess, String description) {
    this.via = via;
    this.process = process;
    this.inProcess = inProcess;
    this.description = description;
  }

  /** A link to {@code target} with {@code oneWay} latency each way (a round trip costs twice that). */
  public static RemoteLink open(Target target, Duration oneWay) {
    String why;
    try {
      return inChild(target, oneWay);
    } catch (IOException | RuntimeException e) {
      why = e.getMessage();
    }
    FaultProxy proxy = FaultProxy.start(target.host(), target.port()).latency(oneWay);
    return new RemoteLink(through(target, proxy.host(), proxy.port()), null, proxy, "the testkit's latency proxy ("
        + oneWay.toMillis() + " ms each way) in the lab's own JVM, its CPU counted as the client's: its JVM of its"
        + " own did not start (" + why + ")");
  }

  private static RemoteLink inChild(Target target, Duration oneWay) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        LinkProcess.class.getName(), target.host(), String.valueOf(target.port()),
        String.valueOf(oneWay.toNanos() / 1_000)));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        return null;
      }
    }, r -> Thread.ofVirtual().name("sluice-lab-link-start").start(r));
    String line;
    try {
      line = first.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      line = null;
    }
    if (line == null || !line.startsWith(LinkProcess.READY)) {
      p.destroyForcibly();
      throw new IOException("the link's JVM said " + (line == null ? "nothing within " + START_TIMEOUT.toSeconds()
          + " s" : "\"" + line + "\""));
    }
    int port = Integer.parseInt(line.substring(LinkProcess.READY.length()).strip());
    return new RemoteLink(through(target, "127.0.0.1", port), p, null, "the testkit's latency proxy ("
        + oneWay.toMillis() + " ms each way) in a JVM of its own (pid " + p.pid() + "), so that its CPU is not"
        + " counted as the client's");
  }

  private static Target through(Target target, String host, int port) {
    return new Target(host, port, target.database(), target.user(), target.password(), target.serverVersion());
  }

  /** The server as the clients reach it through the link. */
  public Target target() {
    return via;
  }

  /** Where the proxy runs, for the report's notes. */
  public String description() {
    return description;
  }

  /** Whether the proxy runs in this JVM (its CPU then counted with the clients'). */
  public boolean inThisJvm() {
    return inProcess != null;
  }

  /** The process id of the link's JVM, or -1 when the proxy runs in this one. */
  public long pid() {
    return process == null ? -1 : process.pid();
  }

  /** Stops the proxy: closes the child's input (its signal to stop) and waits for it, at most 10 s. */
  @Override
  public void close() {
    if (inProcess != null) {
      inProcess.close();
      return;
    }
    try {
      process.getOutputStream().close();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
