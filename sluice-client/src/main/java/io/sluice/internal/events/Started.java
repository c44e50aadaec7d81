package io.sluice.internal.events;

import io.sluice.event.EventListener;
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
  /** Who heard the start, and so hears the end (a JFR recording that begins meanwhile does not). */
  private final EventListener audience;
  private final S start;
  private final long begunNanos;
  private final Object token;

  private Started(EventListener audience, S start, Function<EventListener, Object> call) {
    this.audience = audience;
    this.start = start;
    this.begunNanos = System.nanoTime();
    this.token = Events.start(audience, call);
  }

  /**
   * Delivers {@code start} through {@code call} (e.g. {@code EventListener::statementStart}); null
   * without events (callers ask {@link Events#on} before they make {@code start}).
   */
  public static <S> Started<S> begin(Events events, S start, BiFunction<EventListener, S, Object> call) {
    return events == null ? null : new Started<>(events.audience(), start, l -> call.apply(l, start));
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
    Events.send(audience, l -> call.end(l, token, end));
  }

  /** An end method of {@link EventListener}, e.g. {@code EventListener::statementEnd}. */
  @FunctionalInterface
  public interface EndCall<E> {
    void end(EventListener listener, Object token, E end);
  }
}
