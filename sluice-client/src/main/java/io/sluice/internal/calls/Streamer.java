package io.sluice.internal.calls;

import io.sluice.Row;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.rows.Rows;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Streams rows into a reused view until the callback says stop or throws; either stops delivery
 * (and, when safe, the server's work: {@link RowSink#stopped}), not the protocol.
 */
public final class Streamer implements RowSink {
  private final Predicate<? super Row> each;
  private Row view;
  private boolean stop;
  private RuntimeException failure;
  private Error error;

  public Streamer(Consumer<? super Row> each) {
    this.each = row -> {
      each.accept(row);
      return true;
    };
  }

  public Streamer(Predicate<? super Row> each) {
    this.each = each;
  }

  @Override
  public boolean stopped() {
    return stop;
  }

  @Override
  public void start(RowLayout layout) {
    view = Rows.view(layout);
  }

  @Override
  public void row(byte[] buf, int off, int len) {
    if (stop) {
      return;
    }
    Rows.point(view, buf, off);
    try {
      stop = !each.test(view);
    } catch (RuntimeException e) {
      failure = e;
      stop = true;
    } catch (Error e) {
      error = e;
      stop = true;
    }
  }

  @Override
  public Throwable failure() {
    return error != null ? error : failure;
  }

  /** After the statement: the callback's exception, thrown as it was. */
  public void rethrow() {
    if (error != null) {
      throw error;
    }
    if (failure != null) {
      throw failure;
    }
  }
}
