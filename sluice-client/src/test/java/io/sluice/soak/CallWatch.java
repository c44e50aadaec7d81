package io.sluice.soak;

/**
 * The call one worker is in, if any, for the {@link Watchdog}: what it is and when it started.
 * Written by the worker, read by the watchdog.
 */
final class CallWatch {
  final Thread thread;
  private volatile long startedAt;   // System.nanoTime(); 0 when not in a call
  private volatile String what = "";
  private volatile long serial;
  private long reportedSerial = -1;  // the watchdog's own

  CallWatch(Thread thread) {
    this.thread = thread;
  }

  void begin(String call) {
    what = call;
    serial++;
    long now = System.nanoTime();
    startedAt = now == 0 ? 1 : now;
  }

  void end() {
    startedAt = 0;
  }

  /** When the current call started, or 0. */
  long startedAt() {
    return startedAt;
  }

  String what() {
    return what;
  }

  /** True the first time the watchdog asks about the current call: each stuck call is reported once. */
  boolean firstReportOfThisCall() {
    long s = serial;
    if (s == reportedSerial) {
      return false;
    }
    reportedSerial = s;
    return true;
  }
}
