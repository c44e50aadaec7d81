package io.sluice.internal.rows;

import io.sluice.Row;
import io.sluice.types.ValueText;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@link Row#toMap()} returns: an ordinary mutable map in column order whose
 * {@code toString}, {@code equals} and {@code hashCode} look into array values (PostgreSQL arrays,
 * {@code bytea}), so that {@code {ids=[1, 2, 3]}} prints and two reads of the same row are equal.
 */
public final class RowMap extends LinkedHashMap<String, Object> {
  public RowMap(int columns) {
    super(Math.max(4, columns * 2));
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("{");
    for (Map.Entry<String, Object> e : entrySet()) {
      ValueText.append((out.length() == 1 ? out : out.append(", ")).append(e.getKey()).append('='), e.getValue());
    }
    return out.append('}').toString();
  }

  /** Equal to any map with the same keys whose values are equal, arrays compared element by element. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Map<?, ?> m) || m.size() != size()) {
      return false;
    }
    for (Map.Entry<String, Object> e : entrySet()) {
      if (!m.containsKey(e.getKey()) || !ValueText.equal(e.getValue(), m.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 0;
    for (Map.Entry<String, Object> e : entrySet()) {
      h += e.getKey().hashCode() ^ ValueText.hash(e.getValue());
    }
    return h;
  }
}
