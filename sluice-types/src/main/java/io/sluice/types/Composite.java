package io.sluice.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A composite (row) value: the type's name, its attribute names in order, and their values (null
 * for NULL). Anonymous records ({@code select row(1, 'a')}) have type name {@code record} and
 * attributes named {@code f1, f2, ...} as PostgreSQL names them.
 *
 * <p>Two composites are equal when their type names, attribute names and values are, looking
 * into array values; {@link #toString()} prints {@code point3(x=1, y=2, z=3)}.
 */
public record Composite(String typeName, List<String> names, List<Object> values) {
  public Composite {
    Objects.requireNonNull(typeName, "typeName");
    names = List.copyOf(names);
    values = Collections.unmodifiableList(new ArrayList<>(values));
    if (names.size() != values.size()) {
      throw new CodecException("composite " + typeName + ": " + names.size() + " names for " + values.size() + " values");
    }
  }

  /** A composite from an ordered map of attribute names to values. */
  public static Composite of(String typeName, Map<String, ?> fields) {
    return new Composite(typeName, new ArrayList<>(fields.keySet()), new ArrayList<>(fields.values()));
  }

  public int size() {
    return values.size();
  }

  public Object get(int i) {
    return values.get(i);
  }

  /** The value of the attribute called {@code name}; an unknown name throws IllegalArgumentException. */
  public Object get(String name) {
    int i = names.indexOf(name);
    if (i < 0) {
      throw new IllegalArgumentException("composite " + typeName + " has no attribute " + name);
    }
    return values.get(i);
  }

  /** Names to values, in attribute order. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      m.put(names.get(i), values.get(i));
    }
    return m;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Composite c) || !typeName.equals(c.typeName) || !names.equals(c.names)) {
      return false;
    }
    for (int i = 0; i < values.size(); i++) {
      if (!ValueText.equal(values.get(i), c.values.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = typeName.hashCode() * 31 + names.hashCode();
    for (Object v : values) {
      h = h * 31 + ValueText.hash(v);
    }
    return h;
  }

  /** {@code point3(x=1, y=2, z=3)}, array attributes with their elements. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(typeName).append('(');
    for (int i = 0; i < names.size(); i++) {
      ValueText.append((i == 0 ? out : out.append(", ")).append(names.get(i)).append('='), values.get(i));
    }
    return out.append(')').toString();
  }
}
