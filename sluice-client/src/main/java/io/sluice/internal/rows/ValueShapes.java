package io.sluice.internal.rows;

import io.sluice.ValueException;
import io.sluice.types.Composite;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Decoded values reshaped into what a record component declares: an array as an unmodifiable
 * List (nested arrays as nested Lists, composites as records of the List's element type), text as
 * an enum constant, a composite as a record, anything else through {@link Conversions}.
 */
final class ValueShapes {
  private ValueShapes() {}

  /**
   * {@code v} (not null) as a value of {@code type}; {@code element} is a List or Optional
   * component's element class, or null.
   */
  static Object shaped(Object v, Class<?> type, Class<?> element) {
    if (type == java.util.Optional.class) {
      return java.util.Optional.of(element == null ? v : shaped(v, element, null));
    }
    Class<?> boxed = boxed(type);
    if (boxed.isInstance(v) && type != List.class) {
      return v;
    }
    if (type == List.class) {
      return list(v, element);
    }
    if (type.isEnum()) {
      return constant(v, type);
    }
    if (type.isRecord() && v instanceof Composite c) {
      return CompositeRecords.of(type.asSubclass(Record.class), c).map(c);
    }
    Object converted = Conversions.convert(v, boxed);
    if (converted == null) {
      throw new ValueException("a " + v.getClass().getSimpleName() + " cannot be read as " + type.getSimpleName());
    }
    return converted;
  }

  /** The class of a List (or Optional) component's elements when it says ({@code List<Address>}), else null. */
  static Class<?> elementOf(RecordComponent rc) {
    Type t = rc.getGenericType();
    if (t instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> c) {
      return c;
    }
    return null;
  }

  static Object list(Object v, Class<?> element) {
    if (v instanceof Object[] a) {
      Object[] items = Arrays.copyOf(a, a.length, Object[].class);
      for (int i = 0; i < items.length; i++) {
        if (items[i] instanceof Object[]) {
          items[i] = list(items[i], element);
        } else if (items[i] instanceof Composite c && element != null && element.isRecord()) {
          items[i] = CompositeRecords.of(element.asSubclass(Record.class), c).map(c);
        }
      }
      return Collections.unmodifiableList(Arrays.asList(items));
    }
    if (v instanceof List<?>) {
      return v;
    }
    throw new ValueException("a " + v.getClass().getSimpleName() + " is not an array and cannot be read as a List");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object constant(Object v, Class<?> enumType) {
    if (!(v instanceof String name)) {
      throw new ValueException("a " + v.getClass().getSimpleName() + " cannot be read as " + enumType.getSimpleName());
    }
    try {
      return Enum.valueOf((Class) enumType, name);
    } catch (IllegalArgumentException e) {
      // PostgreSQL's labels are often lower case ('happy') and Java's constants upper (HAPPY)
      Object unique = null;
      for (Object c : enumType.getEnumConstants()) {
        if (((Enum<?>) c).name().equalsIgnoreCase(name)) {
          if (unique != null) {
            throw new ValueException("\"" + name + "\" matches more than one constant of " + enumType.getSimpleName()
                + " when case is ignored (" + unique + ", " + c + "), and none exactly");
          }
          unique = c;
        }
      }
      if (unique != null) {
        return unique;
      }
      throw new ValueException("\"" + name + "\" is not a constant of " + enumType.getSimpleName() + " ("
          + Arrays.toString(enumType.getEnumConstants()) + "), even ignoring case");
    }
  }

  static Class<?> boxed(Class<?> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    return java.lang.invoke.MethodType.methodType(type).wrap().returnType();
  }
}
