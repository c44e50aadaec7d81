package io.sluice.testkit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Captures what code logs through {@code System.Logger} (which, with no other logging back-end,
 * goes to {@code java.util.logging}) under one logger name, until closed.
 */
public final class LogCapture implements AutoCloseable {
  /** One captured message, with the throwable logged beside it (or null). */
  public record Entry(String level, String message, Throwable thrown) {}

  private final Logger logger;
  private final List<Entry> entries = new CopyOnWriteArrayList<>();
  private final Handler handler = new Handler() {
    @Override
    public void publish(LogRecord r) {
      entries.add(new Entry(r.getLevel().getName(), r.getMessage(), r.getThrown()));
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  private LogCapture(String name) {
    this.logger = Logger.getLogger(name);
    logger.addHandler(handler);
  }

  /** Starts capturing the logger {@code name} and its children. */
  public static LogCapture of(String name) {
    return new LogCapture(name);
  }

  public List<Entry> entries() {
    return List.copyOf(entries);
  }

  @Override
  public void close() {
    logger.removeHandler(handler);
  }
}
