package io.sluice.internal.jfr;

import io.sluice.event.Result;
import jdk.jfr.Description;
import jdk.jfr.Label;

/** A Sluice JFR event of work that ends with a result: a statement, batch, COPY or connect. */
abstract class OutcomeEvent extends SluiceEvent {
  @Label("Result")
  @Description("SUCCEEDED, NOT_SENT, UNKNOWN, SERVER_ERROR or CALLER_ERROR")
  String result;

  @Label("SQLSTATE")
  @Description("The server's SQLSTATE when it refused the work, else empty")
  String sqlState;

  /** Fills how the work ended. */
  void outcome(Result result, String sqlState) {
    this.result = result.name();
    this.sqlState = sqlState;
  }
}
