package io.sluice.internal.rows;

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
  private final Column[] columns;
  private final Codec<?>[] codecs;
  private final TypeContext types;
  private volatile Map<String, Integer> byName;
  /**
   * Rows (high half) and bytes (low half) of this statement's last buffered result: the next one
   * sizes its store from it. A hint only; one volatile word so the pair is read whole.
   */
  private volatile long lastResult;
  /**
   * The last record mapping resolved for rows of this layout (an {@code io.sluice.internal.rows.RecordMapping}):
   * mapping row after row to the same record class finds it here without a lookup.
   */
  private volatile Object recordMapping;

  public RowLayout(Column[] columns, Codec<?>[] codecs, TypeContext types) {
    this.columns = columns;
    this.codecs = codecs;
    this.types = types;
  }

  /** Rows in the high 32 bits, bytes in the low 32 bits, of the last buffered result; 0 before one. */
  long lastResult() {
    return lastResult;
  }

  void rememberResult(int rows, long bytes) {
    lastResult = bytes > Integer.MAX_VALUE ? 0 : ((long) rows << 32) | bytes;
  }

  Object recordMapping() {
    return recordMapping;
  }

  void recordMapping(Object mapping) {
    recordMapping = mapping;
  }

  /** Column {@code i}'s description. */
  public Column column(int i) {
    return columns[i];
  }

  /** Column {@code i}'s codec, or null when no codec knows its type (its text is returned as is). */
  public Codec<?> codec(int i) {
    return codecs[i];
  }

  /** The type context the codecs decode with. */
  public TypeContext types() {
    return types;
  }

  /** These columns described anew ({@code columns}, one per column) with the same codecs and types. */
  public RowLayout withColumns(Column[] columns) {
    if (columns.length != this.columns.length) {
      throw new IllegalArgumentException(columns.length + " columns for a layout of " + this.columns.length);
    }
    return new RowLayout(columns, codecs, types);
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
