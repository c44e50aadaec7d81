package io.sluice.internal;

import io.sluice.SluiceListener;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A start event delivered and its end not yet: the start record, the listener's token, and when
 * it began. Begun on the caller's thread, so that the listener's start method sees the caller's
 * context; ended exactly once by the code that began it.
 *
 * @param <S> the start record's type
 */
public final class Started<S> {
  private final Events events;
  private final S start;
  private final long begunNanos;
  private final Object token;

  private Started(Events events, S start, Function<SluiceListener, Object> call) {
    this.events = events;
    this.start = start;
    this.begunNanos = System.nanoTime();
    this.token = events.start(call);
  }

  /** Delivers {@code start} through {@code call} (e.g. {@code SluiceListener::statementStart}); null without events. */
  public static <S> Started<S> begin(Events events, S start, BiFunction<SluiceListener, S, Object> call) {
    return events == null ? null : new Started<>(events, start, l -> call.apply(l, start));
  }

  public S start() {
    return start;
  }

  /** Nanoseconds since just before the start method ran. */
  public long elapsedNanos() {
    return System.nanoTime() - begunNanos;
  }

  /** Delivers the end record {@code end} made from this start, with the token. */
  public <E> void end(E end, EndCall<E> call) {
    events.send(l -> call.end(l, token, end));
  }

  /** An end method of {@link SluiceListener}, e.g. {@code SluiceListener::statementEnd}. */
  @FunctionalInterface
  public interface EndCall<E> {
    void end(SluiceListener listener, Object token, E end);
  }
}
