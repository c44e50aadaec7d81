package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Ten million rows streamed through a JVM with a 64 MiB heap: constant memory. */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class StreamingMemoryTest {

  /** Runs in the child JVM. */
  public static void main(String[] args) {
    try (Connection c = Connection.open(args[0])) {
      long[] acc = new long[2];
      c.forEach("select g, 'row ' || g from generate_series(1, $1) g", r -> {
        acc[0]++;
        acc[1] += r.getLong(0) + r.getString(1).length();
      }, Integer.parseInt(args[1]));
      System.out.println("rows=" + acc[0] + " sum=" + acc[1]);
    }
  }

  @Test
  void tenMillionRowsIn64MiB() throws Exception {
    PostgresServer pg = PostgresServer.shared();
    String url = pg.conninfo("");
    int n = 10_000_000;
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        StreamingMemoryTest.class.getName(), url, String.valueOf(n)))
        .redirectErrorStream(true).start();
    assertTrue(p.waitFor(280, TimeUnit.SECONDS), "the child JVM did not finish");
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), out);
    long sum = (long) n * (n + 1) / 2;
    long textLength = 0;
    for (long digits = 1, lo = 1; lo <= n; digits++, lo *= 10) {
      long hi = Math.min(n, lo * 10 - 1);
      textLength += (hi - lo + 1) * (4 + digits);
    }
    assertTrue(out.contains("rows=" + n + " sum=" + (sum + textLength)), out);
  }
}
