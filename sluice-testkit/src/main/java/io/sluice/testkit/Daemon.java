package io.sluice.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A long-running tool (etcd, Patroni, HAProxy) started by the testkit as a child of this JVM, as
 * the server user {@code pg_ctl} runs as ({@code setpriv}, which execs the tool, when this JVM is
 * root: the child's pid is the tool's), its output in a log file, its pid in {@code <name>.pid}
 * beside the log for the watchdog that stops it if this JVM dies. Stopped by its process id:
 * {@code SIGTERM}, a bounded wait, then {@code SIGKILL}.
 */
final class Daemon {
  private final String name;
  private final Process process;
  private final Path log;

  private Daemon(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /** Starts {@code command} in {@code directory} with {@code env} added, writing its output to {@code log}. */
  static Daemon start(String name, List<String> command, Path directory, Map<String, String> env, Path log) {
    UnitRun.refuse(name);
    String user = Commands.serverUser();
    List<String> full = new ArrayList<>();
    if (user != null) {
      full.addAll(List.of("setpriv", "--reuid=" + user, "--regid=" + user, "--init-groups", "--"));
    }
    full.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(full).directory(directory.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
    pb.environment().put("LC_ALL", "C.UTF-8");
    pb.environment().putAll(env);
    try {
      Process p = pb.start();
      Files.writeString(log.resolveSibling(log.getFileName().toString().replaceFirst("\\.log$", "") + ".pid"),
          Long.toString(p.pid()));
      return new Daemon(name, p, log);
    } catch (IOException e) {
      throw new TestkitException("could not start " + name + ": " + e.getMessage(), e);
    }
  }

  String name() {
    return name;
  }

  boolean alive() {
    return process.isAlive();
  }

  /** The last {@code lines} lines of its output. */
  String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log of " + name + ": " + e.getMessage() + ")";
    }
  }

  /**
   * {@code SIGTERM} to the tool, up to {@code grace} for it to end (Patroni stops its PostgreSQL first), then {@code SIGKILL} to whatever is left.
   */
  void stop(Duration grace) {
    process.destroy();   // the tool itself, not its children: Patroni ends its postmaster the way it chooses
    try {
      if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  /** {@code SIGKILL} to the tool alone (its children stay): a crash. */
  void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ", log " + log + ")";
  }
}
