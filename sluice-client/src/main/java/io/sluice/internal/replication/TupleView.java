package io.sluice.internal.replication;

import io.sluice.Row;
import io.sluice.ValueException;
import io.sluice.replication.RelationColumn;
import io.sluice.replication.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A {@link Tuple} over a {@link Row}: pgoutput's TupleData rewritten as a DataRow body (an
 * unchanged TOAST value stored as NULL there), with the unchanged columns kept apart so that they
 * are never read as NULL.
 */
final class TupleView implements Tuple {
  private final List<RelationColumn> columns;
  private final Row row;
  /** Columns whose TOASTed value was not sent ('u'); null when there are none. */
  private final BitSet unchanged;

  TupleView(List<RelationColumn> columns, Row row, BitSet unchanged) {
    this.columns = columns;
    this.row = row;
    this.unchanged = unchanged;
  }

  @Override
  public List<RelationColumn> columns() {
    return columns;
  }

  @Override
  public int size() {
    return columns.size();
  }

  @Override
  public int indexOf(String name) {
    return row.indexOf(name);
  }

  @Override
  public boolean isUnchangedToast(int i) {
    check(i);
    return unchanged != null && unchanged.get(i);
  }

  @Override
  public boolean isNull(int i) {
    return !isUnchangedToast(i) && row.isNull(i);
  }

  private void check(int i) {
    if (i < 0 || i >= columns.size()) {
      throw new ValueException("column index " + i + " out of range: the row has " + columns.size() + " columns");
    }
  }

  /** Column {@code i}'s index, after making sure its value was sent. */
  private int sent(int i) {
    if (isUnchangedToast(i)) {
      throw new ValueException("column " + columns.get(i).name() + " holds a TOASTed value the change did not "
          + "send because it did not change (check isUnchangedToast first; REPLICA IDENTITY FULL sends it in the "
          + "old row)");
    }
    return i;
  }

  @Override
  public Object get(int i) {
    return row.get(sent(i));
  }

  @Override
  public <T> T get(int i, Class<T> type) {
    return row.get(sent(i), type);
  }

  @Override
  public String getString(int i) {
    return row.getString(sent(i));
  }

  @Override
  public long getLong(int i) {
    return row.getLong(sent(i));
  }

  @Override
  public int getInt(int i) {
    return row.getInt(sent(i));
  }

  @Override
  public double getDouble(int i) {
    return row.getDouble(sent(i));
  }

  @Override
  public boolean getBoolean(int i) {
    return row.getBoolean(sent(i));
  }

  @Override
  public BigDecimal getBigDecimal(int i) {
    return row.getBigDecimal(sent(i));
  }

  @Override
  public byte[] getBytes(int i) {
    return row.getBytes(sent(i));
  }

  @Override
  public UUID getUUID(int i) {
    return row.getUUID(sent(i));
  }

  @Override
  public LocalDate getLocalDate(int i) {
    return row.getLocalDate(sent(i));
  }

  @Override
  public LocalDateTime getLocalDateTime(int i) {
    return row.getLocalDateTime(sent(i));
  }

  @Override
  public OffsetDateTime getOffsetDateTime(int i) {
    return row.getOffsetDateTime(sent(i));
  }

  @Override
  public Instant getInstant(int i) {
    return row.getInstant(sent(i));
  }

  @Override
  public <R extends Record> R as(Class<R> type) {
    if (unchanged != null && !unchanged.isEmpty()) {
      sent(unchanged.nextSetBit(0));
    }
    return row.as(type);
  }

  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = row.toMap();
    if (unchanged != null) {
      for (int i = unchanged.nextSetBit(0); i >= 0; i = unchanged.nextSetBit(i + 1)) {
        m.put(columns.get(i).name(), UNCHANGED_TOAST);
      }
    }
    return m;
  }

  @Override
  public String toString() {
    return "Tuple" + toMap();
  }
}
