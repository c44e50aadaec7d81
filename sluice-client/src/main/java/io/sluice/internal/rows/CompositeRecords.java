package io.sluice.internal.rows;

import io.sluice.ValueException;
import io.sluice.types.Composite;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.RecordComponent;
import java.util.List;

/**
 * Composite values as records: each component from the attribute of the same name (ignoring case
 * and underscores), for a record component whose column is a composite type, or a
 * {@code List<Record>} from an array of composites. Resolved once per (record class, attribute
 * names), like {@link RecordMapping}.
 */
final class CompositeRecords<R extends Record> {
  private static final ShapeCache<CompositeRecords<?>> CACHE = new ShapeCache<>();

  private final Class<R> type;
  private final RecordComponent[] components;
  private final Class<?>[] elements;
  private final int[] attribute;
  /** The canonical constructor taking one {@code Object[]} of its arguments. */
  private final MethodHandle constructor;

  private CompositeRecords(Class<R> type, List<String> names) {
    this.type = type;
    this.components = type.getRecordComponents();
    this.attribute = RecordMapping.match(type, components, names, "attribute");
    this.elements = new Class<?>[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      elements[i] = ValueShapes.elementOf(components[i]);
      types[i] = components[i].getType();
    }
    MethodHandle h = RecordMapping.constructor(type, types);
    this.constructor = h.asType(h.type().generic()).asSpreader(Object[].class, types.length);
  }

  @SuppressWarnings("unchecked")
  static <R extends Record> CompositeRecords<R> of(Class<R> type, Composite c) {
    return (CompositeRecords<R>) CACHE.get(type, c.names(), n -> new CompositeRecords<>(type, n));
  }

  R map(Composite c) {
    Object[] args = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      args[i] = attribute(c, i);
    }
    try {
      return type.cast((Object) constructor.invokeExact(args));
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new ValueException("record " + type.getName() + ": its constructor threw " + e, e);
    }
  }

  private Object attribute(Composite c, int i) {
    Object v = c.get(attribute[i]);
    Class<?> t = components[i].getType();
    try {
      if (v == null && t.isPrimitive()) {
        throw new ValueException("the attribute is NULL, which a " + t + " cannot hold (declare the component as "
            + ValueShapes.boxed(t).getSimpleName() + " to accept NULL)");
      }
      return v == null ? null : ValueShapes.shaped(v, t, elements[i]);
    } catch (ValueException e) {
      throw new ValueException("record " + type.getSimpleName() + "'s component " + components[i].getName() + " ("
          + t.getSimpleName() + ") from attribute " + c.names().get(attribute[i]) + " of " + c.typeName() + ": "
          + e.getMessage(), e);
    }
  }
}
