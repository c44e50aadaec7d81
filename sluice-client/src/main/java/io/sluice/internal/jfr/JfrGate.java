package io.sluice.internal.jfr;

import java.util.List;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;

/**
 * Whether Java Flight Recorder records any of Sluice's events now: one volatile read for the
 * statement path, so that with no recording (or one that leaves Sluice's events off) nothing is
 * made for JFR. Recomputed when JFR starts and whenever a recording starts or stops (a {@link
 * FlightRecorderListener}, which never starts JFR itself); a setting changed on a running
 * recording takes effect at the next start or stop of any recording.
 */
public final class JfrGate {
  private static final List<Class<? extends jdk.jfr.Event>> TYPES = List.of(StatementEvent.class, BatchEvent.class,
      CopyEvent.class, ConnectEvent.class, PoolWaitEvent.class, PoolConnectionEvent.class, CancelEvent.class);

  private static volatile boolean on;

  static {
    try {
      FlightRecorder.addListener(new FlightRecorderListener() {
        @Override
        public void recorderInitialized(FlightRecorder recorder) {
          update();
        }

        @Override
        public void recordingStateChanged(Recording recording) {
          update();
        }
      });
    } catch (SecurityException | LinkageError e) {
      // a JVM without JFR: its events stay off
    }
  }

  private JfrGate() {}

  /** Whether a running recording has any of Sluice's event types enabled. */
  public static boolean on() {
    return on;
  }

  private static synchronized void update() {
    boolean any = false;
    for (Class<? extends jdk.jfr.Event> type : TYPES) {
      any |= EventType.getEventType(type).isEnabled();   // true only while a recording takes it
    }
    on = any;
  }
}
