package io.sluice.testkit;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs external commands with a deadline, and knows which OS user PostgreSQL must run as.
 *
 * <p>PostgreSQL refuses to run as root, so when this JVM is root every server command is wrapped
 * in {@code runuser -u <user> --}, with {@code postgres} preferred and {@code nobody} as the
 * fallback. Every command gets a clean environment for libpq ({@code PG*} variables removed) and
 * English messages ({@code LC_ALL=C}), so what tests see does not depend on the caller's shell.
 */
final class Commands {
  private static final Duration READER_GRACE = Duration.ofSeconds(5);
  private static volatile Boolean root;
  private static volatile String serverUser;

  private Commands() {}

  /** Runs {@code command}, feeding it {@code stdin} (nothing if null), and waits at most {@code timeout}. */
  static CommandResult run(List<String> command, Path directory, Map<String, String> env,
      InputStream stdin, Duration timeout) {
    ProcessBuilder builder = new ProcessBuilder(command);
    if (directory != null) {
      builder.directory(directory.toFile());
    }
    Map<String, String> environment = builder.environment();
    environment.keySet().removeIf(k -> k.startsWith("PG"));
    environment.put("LC_ALL", "C");
    environment.putAll(env);
    if (stdin == null) {
      builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    }
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new TestkitException("could not run " + command.getFirst() + ": " + e.getMessage(), e);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Thread outReader = drain(process.getInputStream(), out);
    Thread errReader = drain(process.getErrorStream(), err);
    Thread feeder = stdin == null ? null : Thread.ofVirtual().start(() -> feed(stdin, process.getOutputStream()));
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new TestkitException("timed out after " + timeout.toSeconds() + " s: " + String.join(" ", command)
            + "\n" + text(err));
      }
      // A grandchild that kept our pipes open must not hang us: wait a bounded time, then take what arrived.
      outReader.join(READER_GRACE);
      errReader.join(READER_GRACE);
      if (feeder != null) {
        feeder.join(READER_GRACE);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new TestkitException("interrupted while running " + command.getFirst(), e);
    }
    return new CommandResult(process.exitValue(), text(out), text(err));
  }

  static CommandResult run(List<String> command, Path directory, Duration timeout) {
    return run(command, directory, Map.of(), null, timeout);
  }

  /** Starts {@code command} in a new session with no standard streams, and does not wait for it. */
  static void spawnDetached(List<String> command) {
    List<String> full = new ArrayList<>();
    full.add("setsid");
    full.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(full)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD);
    try {
      builder.start();
    } catch (IOException e) {
      throw new TestkitException("could not start " + String.join(" ", full) + ": " + e.getMessage(), e);
    }
  }

  static boolean isRoot() {
    Boolean r = root;
    if (r == null) {
      CommandResult id = run(List.of("id", "-u"), null, Duration.ofSeconds(10)).orThrow("id -u");
      r = id.stdout().strip().equals("0");
      root = r;
    }
    return r;
  }

  /** The user servers run as: null when this JVM is not root (servers then run as ourselves). */
  static String serverUser() {
    if (!isRoot()) {
      return null;
    }
    String user = serverUser;
    if (user == null) {
      for (String candidate : List.of("postgres", "nobody")) {
        if (run(List.of("id", "-u", candidate), null, Duration.ofSeconds(10)).ok()) {
          user = candidate;
          break;
        }
      }
      if (user == null) {
        throw new TestkitException("this JVM runs as root and PostgreSQL refuses to run as root, but neither "
            + "user 'postgres' nor 'nobody' exists to run it as: create one (useradd --system postgres) "
            + "or run the tests as an unprivileged user");
      }
      if (!new File("/usr/sbin/runuser").canExecute() && !new File("/sbin/runuser").canExecute()
          && !new File("/usr/bin/runuser").canExecute()) {
        throw new TestkitException("this JVM runs as root and needs 'runuser' (util-linux) to start PostgreSQL as '"
            + user + "'");
      }
      serverUser = user;
    }
    return user;
  }

  /** {@code command} prefixed so that it runs as the server user. */
  static List<String> asServerUser(List<String> command) {
    String user = serverUser();
    if (user == null) {
      return command;
    }
    List<String> full = new ArrayList<>(List.of("runuser", "-u", user, "--"));
    full.addAll(command);
    return full;
  }

  /** Gives {@code path} and everything under it to the server user (nothing to do when not root). */
  static void giveToServerUser(Path path) {
    String user = serverUser();
    if (user != null) {
      run(List.of("chown", "-R", user + ":", path.toString()), null, Duration.ofSeconds(30))
          .orThrow("chown " + path);
    }
  }

  private static Thread drain(InputStream in, ByteArrayOutputStream sink) {
    return Thread.ofVirtual().start(() -> {
      byte[] buffer = new byte[8192];
      try (in) {
        for (int n; (n = in.read(buffer)) >= 0; ) {
          synchronized (sink) {
            sink.write(buffer, 0, n);
          }
        }
      } catch (IOException ignored) {
        // the process is gone or was killed: keep what arrived
      }
    });
  }

  private static void feed(InputStream stdin, OutputStream to) {
    try (stdin; to) {
      stdin.transferTo(to);
    } catch (IOException ignored) {
      // the process exited before reading everything; its exit status tells the story
    }
  }

  private static String text(ByteArrayOutputStream sink) {
    synchronized (sink) {
      return sink.toString(StandardCharsets.UTF_8);
    }
  }
}
