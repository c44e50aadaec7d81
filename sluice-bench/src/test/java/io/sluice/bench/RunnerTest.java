package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runner's checks, with drivers that need no server. */
class RunnerTest {
  private static final Workload TWO_ROWS =
      Workload.bulk("two", "two rows of one int", "select 1", List.of(ColumnType.INT4), 2);

  @Test
  void agreeingDriversAreMeasured() throws Exception {
    List<Series> results = new ArrayList<>();
    new Runner(List.of(TWO_ROWS), List.of(fake("a", 7, 2), fake("b", 7, 2)), Warmup.fixed(1), 3, quiet()).run(results);
    assertEquals(1, results.get(0).warmup().executions());
    assertEquals(2, results.get(0).cold().rows(), "the cold call is kept apart from the measured runs");
    assertEquals(2, results.size());
    assertEquals(3, results.get(0).samples().size());
    assertEquals("b", results.get(1).driver());
  }

  @Test
  void aDisagreeingChecksumFailsTheRun() {
    BenchFailure e = assertThrows(BenchFailure.class, () ->
        new Runner(List.of(TWO_ROWS), List.of(fake("a", 7, 2), fake("b", 8, 2)), Warmup.fixed(0), 1, quiet()).run(new ArrayList<>()));
    assertTrue(e.getMessage().contains("CHECKSUM MISMATCH"), e.getMessage());
    assertTrue(e.getMessage().contains("a (cold call)") && e.getMessage().contains("b (cold call)"), e.getMessage());
  }

  @Test
  void aWrongRowCountFailsTheRun() {
    BenchFailure e = assertThrows(BenchFailure.class, () ->
        new Runner(List.of(TWO_ROWS), List.of(fake("a", 7, 3)), Warmup.fixed(1), 1, quiet()).run(new ArrayList<>()));
    assertTrue(e.getMessage().contains("read 3 rows, expected 2"), e.getMessage());
  }

  /** A driver that folds {@code rows} rows each holding {@code value}. */
  private static Driver fake(String name, long value, int rows) {
    return new Driver() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return "fake";
      }

      @Override
      public void run(Workload workload, Fold fold) {
        for (int i = 0; i < rows; i++) {
          fold.add(value);
          fold.endRow();
        }
      }

      @Override
      public void close() {}
    };
  }

  private static Progress quiet() {
    return new Progress(new PrintStream(new ByteArrayOutputStream()));
  }
}
