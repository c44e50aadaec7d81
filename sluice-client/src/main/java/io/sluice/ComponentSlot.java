package io.sluice;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One record component and the column it is read from: how to read it (chosen once, from the
 * component's declared type) and how to say what went wrong, naming both.
 */
record ComponentSlot(String record, String component, Class<?> type, int column, String columnName, Read how) {
  /** How a value is read: a primitive getter (NULL refused), a conversion, or a reshaping. */
  enum Read {
    INT, LONG, SHORT, DOUBLE, FLOAT, BOOLEAN,
    /** {@link Row#getString}: a text column's text, another column's value as text. */
    STRING,
    /** {@link Row#get(int)}: the natural value, whatever it is. */
    OBJECT,
    /** An array column as an unmodifiable List (nested arrays as nested lists), so records keep value equality. */
    LIST,
    /** A text (or PostgreSQL enum) value as the constant of that name. */
    ENUM,
    /** {@link Row#get(int, Class)}: the value itself or a lossless conversion. */
    CONVERTED
  }

  /** The primitive component types with a getter of their own. */
  private static final Map<Class<?>, Read> PRIMITIVES = Map.of(int.class, Read.INT, long.class, Read.LONG,
      short.class, Read.SHORT, double.class, Read.DOUBLE, float.class, Read.FLOAT, boolean.class, Read.BOOLEAN);

  static ComponentSlot of(String record, RecordComponent rc, int column, String columnName) {
    Class<?> t = rc.getType();
    Read how = PRIMITIVES.get(t);
    if (how == null && t.isPrimitive()) {
      throw new ValueException("record " + record + "'s component " + rc.getName() + " is a " + t
          + ", which no PostgreSQL type reads as: use int, short or String");
    } else if (how == null) {
      how = t == String.class ? Read.STRING
          : t == Object.class ? Read.OBJECT
          : t == List.class ? Read.LIST
          : t.isEnum() ? Read.ENUM
          : Read.CONVERTED;
    }
    return new ComponentSlot(record, rc.getName(), t, column, columnName, how);
  }

  /**
   * {@code (Row) -> component type}: a primitive getter bound to the column for a primitive
   * component (its error names the column only: {@link #read} says more), else {@link #read}.
   */
  MethodHandle reader() {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      if (PRIMITIVES.containsKey(type)) {
        String getter = "get" + Character.toUpperCase(type.getName().charAt(0)) + type.getName().substring(1);
        MethodHandle get = lookup.findVirtual(Row.class, getter, MethodType.methodType(type, int.class));
        return MethodHandles.insertArguments(get, 1, column);
      }
      MethodHandle read = lookup.findVirtual(ComponentSlot.class, "read", MethodType.methodType(Object.class, Row.class));
      return read.bindTo(this).asType(MethodType.methodType(type, Row.class));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Row has no getter for " + type, e);
    }
  }

  /** The component's value from the row, or an error naming the component and its column. */
  Object read(Row row) {
    try {
      if (how.ordinal() <= Read.BOOLEAN.ordinal() && row.isNull(column)) {
        throw new ValueException("the column is NULL, which a " + type + " cannot hold (declare the component as "
            + boxed() + " to accept NULL)");
      }
      return switch (how) {
        case INT -> row.getInt(column);
        case LONG -> row.getLong(column);
        case SHORT -> row.getShort(column);
        case DOUBLE -> row.getDouble(column);
        case FLOAT -> row.getFloat(column);
        case BOOLEAN -> row.getBoolean(column);
        case STRING -> row.getString(column);
        case OBJECT -> row.get(column);
        case LIST -> list(row.get(column));
        case ENUM -> constant(row.getString(column));
        case CONVERTED -> row.get(column, type);
      };
    } catch (ValueException e) {
      throw new ValueException("record " + record + "'s component " + component + " (" + type.getSimpleName()
          + ") from column " + columnName + ": " + e.getMessage(), e);
    }
  }

  private String boxed() {
    return type == int.class ? "Integer" : type == boolean.class ? "Boolean"
        : type.getSimpleName().substring(0, 1).toUpperCase() + type.getSimpleName().substring(1);
  }

  private static Object list(Object v) {
    if (v == null || v instanceof List<?>) {
      return v;
    }
    if (v instanceof Object[] a) {
      Object[] items = Arrays.copyOf(a, a.length, Object[].class);
      for (int i = 0; i < items.length; i++) {
        if (items[i] instanceof Object[]) {
          items[i] = list(items[i]);
        }
      }
      return Collections.unmodifiableList(Arrays.asList(items));
    }
    throw new ValueException("a " + v.getClass().getSimpleName() + " is not an array and cannot be read as a List");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object constant(String name) {
    if (name == null) {
      return null;
    }
    try {
      return Enum.valueOf((Class) type, name);
    } catch (IllegalArgumentException e) {
      throw new ValueException("\"" + name + "\" is not a constant of " + type.getSimpleName() + " ("
          + Arrays.toString(type.getEnumConstants()) + ")");
    }
  }
}
