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
 */
public final class Param<T> implements Keys.Key {
  /** Parses a given value; throws a {@code ConfigException} naming the parameter if it is bad. */
  @FunctionalInterface
  public interface Parser<T> {
    T parse(Setting given);
  }

  private final String name;
  private final String envVar;
  private final boolean secret;
  private final boolean sluice;
  private final int index;
  private final Parser<T> parser;
  private final T fallback;
  private final Function<T, String> format;

  Param(String name, String envVar, boolean secret, boolean sluice, int index, Parser<T> parser, T fallback,
      Function<T, String> format) {
    this.name = name;
    this.envVar = envVar;
    this.secret = secret;
    this.sluice = sluice;
    this.index = index;
    this.parser = parser;
    this.fallback = fallback;
    this.format = format;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String envVar() {
    return envVar;
  }

  @Override
  public boolean secret() {
    return secret;
  }

  @Override
  public boolean sluice() {
    return sluice;
  }

  /** The position of this parameter's value in a {@link Settings}. */
  int index() {
    return index;
  }

  /** The value of a given string; null when the {@link Resolver} derives it with other parameters. */
  Parser<T> parser() {
    return parser;
  }

  /** The value when the parameter is not given (null: none); the one place a default is written. */
  public T fallback() {
    return fallback;
  }

  /**
   * {@code value} as a parameter string that parses back to it: what a builder's typed setter
   * records, and what {@code toMap} shows for a parameter that was not given.
   */
  public String format(T value) {
    return format.apply(value);
  }

  /**
   * Whether {@code toMap} shows this parameter's value when it was not given: only parameters with
   * a written form; a derived or secret value, or one libpq leaves unset, has none.
   */
  boolean formatted() {
    return format != null;
  }

  @Override
  public String toString() {
    return name;
  }
}
