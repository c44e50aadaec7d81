package io.sluice.internal.config;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every connection parameter's resolved value, by key ({@link Param}), with the strings it came
 * from; made by {@link Resolver}, held by {@code ConnectionConfig}.
 */
public final class Settings {
  private final Object[] values;
  private final Map<String, String> effective;
  private final Set<String> given;

  Settings(Object[] values, Map<String, String> effective, Set<String> given) {
    this.values = values;
    this.effective = effective;
    this.given = given;
  }

  /** The value of {@code key}: given, from the environment, derived or its default; null for none. */
  @SuppressWarnings("unchecked") // values[k.index()] was set from k's parser or fallback, both of type T
  public <T> T get(Param<T> key) {
    return (T) values[key.index()];
  }

  /** {@link #get} as an Optional, for parameters that may have no value. */
  public <T> Optional<T> optional(Param<T> key) {
    return Optional.ofNullable(get(key));
  }

  /**
   * The string form of every parameter that has a value (given, from the environment, or a default
   * with a written form), in the key table's order; secrets included.
   */
  public Map<String, String> effective() {
    return effective;
  }

  /** The keywords given explicitly or by the environment. */
  public Set<String> given() {
    return given;
  }
}
