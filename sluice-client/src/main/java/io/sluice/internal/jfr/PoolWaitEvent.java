package io.sluice.internal.jfr;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/** A caller that had to wait for a pooled connection: the whole acquisition, committed only when it waited. */
@Name("io.sluice.PoolWait")
@Label("Sluice Pool Wait")
@Description("A caller found every pooled connection taken and waited: how it ended, and how long it waited")
final class PoolWaitEvent extends SluiceEvent {
  @Label("Pool")
  String pool;

  @Label("Borrow")
  @Description("The caller took a connection for itself (a transaction, stream or lease), not one statement's share")
  boolean borrow;

  @Label("Ending")
  @Description("ACQUIRED, TIMED_OUT, INTERRUPTED or FAILED")
  String ending;

  @Label("Waited")
  @Timespan
  long waited;
}
