package io.sluice.internal.config;

import java.util.function.Function;

/**
 * One row of the key table ({@link Keys}) with the type of its value: how a given string becomes
 * a value, the value when nothing is given, and how a value is written back as a string. Adding a
 * connection parameter is one such row, a getter on {@code ConnectionConfig}, and its use.
 *
 * <p>(Not {@code Keys.Key<T>}: {@link Keys.Key} is the untyped view that code listing the
 * parameters declares, and the build's {@code -Xlint:all -Werror} rejects a generic type used
 * raw.)
 *
 * @param <T> the type of the resolved value
 * @param name the keyword, as in libpq
 * @param envVar the environment variable read when the parameter is not given, or null
 * @param secret whether the value must never be shown (toString, messages, logs)
 * @param sluice whether this is a Sluice setting rather than a libpq one
 * @param index the position of this parameter's value in a {@link Settings}
 * @param parser how a given string becomes the value; null when the {@link Resolver} derives the
 *     value from this and other parameters (commented there)
 * @param fallback the value when the parameter is not given (null: none); the one place a default
 *     is written
 * @param written how a value is written as a parameter string; null if {@code toMap} shows no
 *     default for it (a derived or secret value, or one libpq leaves unset)
 */
public record Param<T>(String name, String envVar, boolean secret, boolean sluice, int index, Parser<T> parser,
    T fallback, Function<T, String> written) implements Keys.Key {
  /** Parses a given value; throws a {@code ConfigException} naming the parameter if it is bad. */
  @FunctionalInterface
  public interface Parser<T> {
    T parse(Setting given);
  }

  /**
   * {@code value} as a parameter string that parses back to it: what a builder's typed setter
   * records, and what {@code toMap} shows for a parameter that was not given.
   */
  public String format(T value) {
    return written.apply(value);
  }

  @Override
  public String toString() {
    return name;
  }
}
