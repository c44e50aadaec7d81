package io.sluice.internal.rows;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** Values resolved once per (class, list of names): the record mappings of a result or composite shape. */
final class ShapeCache<V> {
  private final ClassValue<Map<List<String>, V>> byClass = new ClassValue<>() {
    @Override
    protected Map<List<String>, V> computeValue(Class<?> type) {
      return new ConcurrentHashMap<>();
    }
  };

  /** The value for {@code type} and {@code names}, made by {@code make} the first time (names copied). */
  V get(Class<?> type, List<String> names, Function<List<String>, V> make) {
    return byClass.get(type).computeIfAbsent(List.copyOf(names), make);
  }
}
