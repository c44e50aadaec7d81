package io.sluice.internal.jfr;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/** One statement, from before it is sent to its end on the caller's thread. Never a parameter value. */
@Name("io.sluice.Statement")
@Label("Sluice Statement")
@Description("A statement run by Sluice: its query summary, rows, outcome and the pipeline's depth when it was sent")
@Threshold("20 ms")
final class StatementEvent extends OutcomeEvent {
  @Label("Query Summary")
  @Description("Operations and tables read from the SQL (io.sluice.event.QuerySummary), never literals")
  String summary;

  @Label("Parameters")
  int parameters;

  @Label("Preparation")
  @Description("CACHED (a statement-cache hit), PREPARED (prepared by this call) or SIMPLE (simple query protocol)")
  String preparation;

  @Label("Rows")
  @Description("Rows returned, or for INSERT, UPDATE and DELETE rows affected")
  long rows;

  @Label("Pipeline Depth")
  @Description("Requests in flight when it was written, itself included (1: alone)")
  int pipelineDepth;
}
