package io.sluice.replication;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A row's values in a change: a view over the bytes the server sent, decoded when read, like
 * {@link io.sluice.Row} (the same codecs, the same types, the same getters), with one more state
 * per column: a TOASTed value that an UPDATE did not change is not sent at all. That column
 * {@link #isUnchangedToast is unchanged}: it is not NULL ({@link #isNull} is false), and reading it
 * is a {@link io.sluice.ValueException} naming the column; {@link #toMap} puts
 * {@link #UNCHANGED_TOAST} in its place. Under REPLICA IDENTITY FULL the old row carries the value.
 *
 * <p>A tuple is immutable and can be kept after the stream has moved on. Getters take a 0-based
 * column index or a column name.
 */
public interface Tuple {
  /** What {@link #toMap()} holds for a column whose TOASTed value was not sent. */
  Object UNCHANGED_TOAST = new Object() {
    @Override
    public String toString() {
      return "<unchanged toast>";
    }
  };

  /** The relation's columns, in order. */
  List<RelationColumn> columns();

  int size();

  /** The index of the named column; a name that is not there is an error listing the names. */
  int indexOf(String name);

  boolean isNull(int i);

  /** Whether column {@code i} is a TOASTed value the change did not send because it did not change. */
  boolean isUnchangedToast(int i);

  /** The value as its natural Java type (as {@link io.sluice.Row#get(int)}), or null for NULL. */
  Object get(int i);

  <T> T get(int i, Class<T> type);

  String getString(int i);

  long getLong(int i);

  int getInt(int i);

  double getDouble(int i);

  boolean getBoolean(int i);

  BigDecimal getBigDecimal(int i);

  byte[] getBytes(int i);

  UUID getUUID(int i);

  LocalDate getLocalDate(int i);

  LocalDateTime getLocalDateTime(int i);

  OffsetDateTime getOffsetDateTime(int i);

  Instant getInstant(int i);

  /** This tuple as a record, as {@link io.sluice.Row#as}; a component fed by an unchanged TOAST value is an error. */
  <R extends Record> R as(Class<R> type);

  /** Every column decoded, keyed by name, in column order; unchanged TOAST values as {@link #UNCHANGED_TOAST}. */
  Map<String, Object> toMap();

  default boolean isNull(String name) {
    return isNull(indexOf(name));
  }

  default boolean isUnchangedToast(String name) {
    return isUnchangedToast(indexOf(name));
  }

  default Object get(String name) {
    return get(indexOf(name));
  }

  default <T> T get(String name, Class<T> type) {
    return get(indexOf(name), type);
  }

  default String getString(String name) {
    return getString(indexOf(name));
  }

  default long getLong(String name) {
    return getLong(indexOf(name));
  }

  default int getInt(String name) {
    return getInt(indexOf(name));
  }

  default double getDouble(String name) {
    return getDouble(indexOf(name));
  }

  default boolean getBoolean(String name) {
    return getBoolean(indexOf(name));
  }

  default BigDecimal getBigDecimal(String name) {
    return getBigDecimal(indexOf(name));
  }

  default byte[] getBytes(String name) {
    return getBytes(indexOf(name));
  }

  default UUID getUUID(String name) {
    return getUUID(indexOf(name));
  }

  default LocalDate getLocalDate(String name) {
    return getLocalDate(indexOf(name));
  }

  default LocalDateTime getLocalDateTime(String name) {
    return getLocalDateTime(indexOf(name));
  }

  default OffsetDateTime getOffsetDateTime(String name) {
    return getOffsetDateTime(indexOf(name));
  }

  default Instant getInstant(String name) {
    return getInstant(indexOf(name));
  }
}
