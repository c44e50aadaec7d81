package io.sluice.internal.jfr;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/** One batch (Batch.run, runAtomic, executeMany), as the caller gave it. */
@Name("io.sluice.Batch")
@Label("Sluice Batch")
@Description("A batch of statements written at once: their query summary, how many, rows and outcome")
@Threshold("20 ms")
final class BatchEvent extends OutcomeEvent {
  @Label("Query Summary")
  @Description("The statements' summary when they share one, else empty")
  String summary;

  @Label("Statements")
  int statements;

  @Label("Atomic")
  @Description("Whether it ran as one implicit transaction")
  boolean atomic;

  @Label("Rows")
  long rows;

  @Label("Failed")
  @Description("Statements that failed")
  int failed;
}
