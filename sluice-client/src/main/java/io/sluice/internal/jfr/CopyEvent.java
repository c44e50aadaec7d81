package io.sluice.internal.jfr;

import jdk.jfr.DataAmount;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/** One COPY, in or out. */
@Name("io.sluice.Copy")
@Label("Sluice COPY")
@Threshold("20 ms")
final class CopyEvent extends OutcomeEvent {
  @Label("Query Summary")
  String summary;

  @Label("Direction")
  String direction;

  @Label("Rows")
  long rows;

  @Label("Bytes")
  @DataAmount
  long bytes;
}
