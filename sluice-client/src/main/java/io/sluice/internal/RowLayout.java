package io.sluice.internal;

import io.sluice.Column;
import io.sluice.types.Codec;
import io.sluice.types.TypeContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What every row of one result shares: its columns, the codec of each, and a name → index map
 * built on first use. Computed once per prepared statement, not per row.
 */
public final class RowLayout {
  public final Column[] columns;
  public final Codec<?>[] codecs;
  public final TypeContext types;
  private volatile Map<String, Integer> byName;

  public RowLayout(Column[] columns, Codec<?>[] codecs, TypeContext types) {
    this.columns = columns;
    this.codecs = codecs;
    this.types = types;
  }

  public int size() {
    return columns.length;
  }

  public List<Column> list() {
    return List.of(columns);
  }

  /** The index of the first column with this name (exact match, then case-insensitive), or -1. */
  public int indexOf(String name) {
    Map<String, Integer> m = byName;
    if (m == null) {
      m = new HashMap<>(columns.length * 2);
      for (int i = columns.length - 1; i >= 0; i--) {
        m.put(columns[i].name(), i);
      }
      byName = m;
    }
    Integer i = m.get(name);
    if (i != null) {
      return i;
    }
    for (int j = 0; j < columns.length; j++) {
      if (columns[j].name().equalsIgnoreCase(name)) {
        return j;
      }
    }
    return -1;
  }
}
