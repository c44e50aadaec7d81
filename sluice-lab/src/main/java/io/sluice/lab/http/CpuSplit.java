package io.sluice.lab.http;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Splits a JFR recording of the lab's JVM, taken while it served the JSON-over-HTTP cases, into
 * the parts of a request (issue 24; docs/lab.md, "Where a JSON request's client CPU goes"): the
 * execution samples and the allocation samples on one server's threads (Jetty's pool, named for
 * the server, and the virtual-thread carriers), each put in one part by the innermost frame outside
 * the JDK, the JDK frames below it saying whether the work was socket I/O or a park.
 *
 * <pre>
 * java -cp "$(cat classpath)" io.sluice.lab.http.CpuSplit lab.jfr http-sluice
 * </pre>
 */
public final class CpuSplit {
  private static final Pattern JDK = Pattern.compile("^(java|javax|jdk|sun|com\\.sun)\\.");
  private static final Pattern PARK = Pattern.compile("^(java\\.util\\.concurrent\\.locks\\.(LockSupport|AbstractQueued"
      + "Synchronizer|ReentrantLock)|jdk\\.internal\\.misc\\.Unsafe\\.(park|unpark)|java\\.lang\\.VirtualThread|java\\.util"
      + "\\.concurrent\\.(ForkJoin|SynchronousQueue|LinkedTransferQueue|CompletableFuture|Semaphore)|jdk\\.internal\\.vm"
      + "\\.Continuation|java\\.lang\\.Object\\.wait)");
  private static final Pattern SOCKET = Pattern.compile("^(sun\\.nio\\.ch|java\\.net\\.Socket)");
  private static final Pattern JSON = Pattern.compile("^(com\\.fasterxml\\.jackson|io\\.sluice\\.lab\\.http\\.RowsServer\\."
      + "(writeRow|toMap|lambda))");
  private static final Pattern POOL = Pattern.compile("^(io\\.sluice\\.Pool|io\\.sluice\\.internal\\.pool|com\\.zaxxer\\.hikari)");
  private static final Pattern DRIVER = Pattern.compile("^(io\\.sluice|org\\.postgresql)\\.");
  private static final Pattern ENCODE = Pattern.compile("(WireWriter|BindWriter|FrontendMessage|\\.encode|Admission|Outbox"
      + "|QueryExecutorImpl\\.send|PGStream\\.send|PGStream\\.flush|SimpleParameterList|\\.setInt$)");

  private CpuSplit() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: CpuSplit RECORDING.jfr SERVER (http-sluice, http-pgjdbc)");
      System.exit(2);
    }
    Map<String, Long> samples = new LinkedHashMap<>();
    Map<String, Long> bytes = new LinkedHashMap<>();
    for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[0]))) {
      String type = e.getEventType().getName();
      boolean execution = type.equals("jdk.ExecutionSample");
      if (!execution && !type.equals("jdk.ObjectAllocationSample") || e.getStackTrace() == null) {
        continue;
      }
      RecordedThread t = e.getThread(execution ? "sampledThread" : "eventThread");
      String name = t == null || t.getJavaName() == null ? "" : t.getJavaName();
      if (!name.startsWith(args[1]) && !name.startsWith("ForkJoinPool")) {
        continue;
      }
      String part = part(e.getStackTrace().getFrames());
      if (execution) {
        samples.merge(part, 1L, Long::sum);
      } else {
        bytes.merge(part, e.getLong("weight"), Long::sum);
      }
    }
    print("execution samples", samples);
    print("allocated bytes (sampled)", bytes);
  }

  /** The part a stack belongs to, by its innermost frame outside the JDK. */
  static String part(List<RecordedFrame> frames) {
    boolean park = false;
    boolean socket = false;
    for (RecordedFrame f : frames) {
      String m = f.getMethod().getType().getName() + "." + f.getMethod().getName();
      park |= PARK.matcher(m).find();
      socket |= SOCKET.matcher(m).find();
      if (JDK.matcher(m).find()) {
        continue;
      }
      if (JSON.matcher(m).find()) {
        return "JSON writing";
      }
      if (POOL.matcher(m).find()) {
        return park ? "scheduler: park/unpark" : "pool/hand-off";
      }
      if (m.startsWith("io.sluice.lab.") || m.startsWith("io.sluice.bench.")) {
        return "lab harness";
      }
      if (DRIVER.matcher(m).find()) {
        return park ? "scheduler: park/unpark" : socket ? "driver: socket"
            : ENCODE.matcher(m).find() ? "driver: encode/send" : "driver: decode, rows, statements";
      }
      if (m.startsWith("org.eclipse.jetty.")) {
        return park ? "scheduler: park/unpark" : "Jetty/HTTP";
      }
      return "other: " + m;
    }
    return park ? "scheduler: park/unpark" : "JDK only";
  }

  private static void print(String what, Map<String, Long> parts) {
    long total = parts.values().stream().mapToLong(Long::longValue).sum();
    System.out.printf("%s: %,d%n", what, total);
    parts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(12)
        .forEach(p -> System.out.printf("  %5.1f %%  %s%n", 100.0 * p.getValue() / Math.max(1, total), p.getKey()));
  }
}
