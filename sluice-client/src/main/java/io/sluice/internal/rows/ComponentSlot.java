package io.sluice.internal.rows;

import io.sluice.Row;
import io.sluice.ValueException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;

/**
 * One record component and the column it is read from: how to read it (chosen once, from the
 * component's declared type) and how to say what went wrong, naming both.
 */
record ComponentSlot(String record, String component, Class<?> type, Class<?> element, int column, String columnName,
    Read how) {
  /** How a value is read: a primitive getter (NULL refused), a conversion, or a reshaping. */
  enum Read {
    INT, LONG, SHORT, DOUBLE, FLOAT, BOOLEAN,
    /** {@link Row#getString}: a text column's text, another column's value as text. */
    STRING,
    /** {@link Row#get(int)}: the natural value, whatever it is. */
    OBJECT,
    /**
     * {@link ValueShapes}: an array column as an unmodifiable List (so records keep value
     * equality), text as an enum constant (ignoring case when no constant matches exactly), a
     * composite as a record, any value or NULL as an Optional of its element type.
     */
    SHAPED,
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
          : t == List.class || t == java.util.Optional.class || t.isEnum() || t.isRecord() ? Read.SHAPED
          : Read.CONVERTED;
    }
    return new ComponentSlot(record, rc.getName(), t, ValueShapes.elementOf(rc), column, columnName, how);
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
      if (PRIMITIVES.containsKey(type) && row.isNull(column)) {
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
        case SHAPED -> {
          Object v = row.get(column);
          // an Optional component holds NULL as empty, never as null
          yield v != null ? ValueShapes.shaped(v, type, element) : type == java.util.Optional.class
              ? java.util.Optional.empty() : null;
        }
        case CONVERTED -> row.get(column, type);
      };
    } catch (ValueException e) {
      throw new ValueException("record " + record + "'s component " + component + " (" + type.getSimpleName()
          + ") from column " + columnName + ": " + e.getMessage(), e);
    }
  }

  private String boxed() {
    return ValueShapes.boxed(type).getSimpleName();
  }
}
