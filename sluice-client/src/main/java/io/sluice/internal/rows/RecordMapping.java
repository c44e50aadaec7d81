package io.sluice.internal.rows;

import io.sluice.Row;
import io.sluice.ValueException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the rows of one result shape become instances of one record class: which column feeds each
 * component, how it is read, and the canonical constructor as a {@link MethodHandle}. Resolved
 * once per (record class, column names) and cached, so mapping a row reflects on nothing: it
 * reads one column per component and calls the constructor.
 *
 * <p>A component takes the column whose name matches it ignoring case and underscores
 * ({@code first_name} feeds {@code firstName}). A component without a column is an error when the
 * mapping is resolved; columns no component asks for are ignored, so {@code select *} keeps
 * working when a table gains columns.
 */
public final class RecordMapping<R extends Record> {
  /** Mappings by record class and the result's column names. */
  private static final ShapeCache<RecordMapping<?>> CACHE = new ShapeCache<>();

  private final Class<R> type;
  private final ComponentSlot[] slots;
  /**
   * {@code (Row) -> Object}: the canonical constructor with each argument read from the row by its
   * slot's reader (primitives by the primitive getters, never boxed).
   */
  private final MethodHandle fromRow;

  private RecordMapping(Class<R> type, ComponentSlot[] slots, MethodHandle fromRow) {
    this.type = type;
    this.slots = slots;
    this.fromRow = fromRow;
  }

  /** The mapping of {@code type} for rows of {@code layout}: the layout's last one if it fits, else the cache's. */
  @SuppressWarnings("unchecked")
  public static <R extends Record> RecordMapping<R> of(Class<R> type, RowLayout layout) {
    if (layout.recordMapping() instanceof RecordMapping<?> last && last.type == type) {
      return (RecordMapping<R>) last;
    }
    List<String> names = new ArrayList<>(layout.size());
    for (int i = 0; i < layout.size(); i++) {
      names.add(layout.column(i).name());
    }
    RecordMapping<?> m = CACHE.get(checked(type), names, n -> resolve(type, n));
    layout.recordMapping(m);
    return (RecordMapping<R>) m;
  }

  /**
   * A row as a record. A value that cannot be read is reported again by the slots, which name the
   * component and the column.
   */
  public R map(Row row) {
    try {
      return type.cast((Object) fromRow.invokeExact(row));
    } catch (ValueException e) {
      for (ComponentSlot slot : slots) {
        slot.read(row);   // throws the failing component's error, with its name and column
      }
      throw e;
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new ValueException("record " + type.getName() + ": its constructor threw " + e, e);
    }
  }

  private static <R> Class<R> checked(Class<R> type) {
    if (type == null || !type.isRecord()) {
      throw new IllegalArgumentException("rows map to record classes; " + (type == null ? "null" : type.getName())
          + " is not a record");
    }
    return type;
  }

  private static <R extends Record> RecordMapping<R> resolve(Class<R> type, List<String> columns) {
    RecordComponent[] components = type.getRecordComponents();
    int[] source = match(type, components, columns, "column");
    ComponentSlot[] slots = new ComponentSlot[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      slots[i] = ComponentSlot.of(type.getSimpleName(), components[i], source[i], columns.get(source[i]));
      types[i] = components[i].getType();
    }
    return new RecordMapping<>(type, slots, fromRow(constructor(type, types), slots));
  }

  /**
   * For each component, the index of the name in {@code names} (columns, or a composite's
   * attributes: {@code what}) that matches it ignoring case and underscores.
   *
   * @throws ValueException naming the component with no name, or with two
   */
  static int[] match(Class<?> type, RecordComponent[] components, List<String> names, String what) {
    Map<String, Integer> byKey = new HashMap<>();
    Map<String, String> clash = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      Integer before = byKey.putIfAbsent(key(names.get(i)), i);
      if (before != null) {
        clash.put(key(names.get(i)), names.get(before) + "\" and \"" + names.get(i));
      }
    }
    int[] source = new int[components.length];
    for (int i = 0; i < components.length; i++) {
      String name = components[i].getName();
      Integer at = byKey.get(key(name));
      if (at == null) {
        throw new ValueException("record " + type.getSimpleName() + "'s component " + name + " has no " + what
            + ": no " + what + " is named " + snake(name) + " or " + name + " (ignoring case and underscores); the "
            + what + "s are " + String.join(", ", names));
      }
      if (clash.containsKey(key(name))) {
        throw new ValueException("record " + type.getSimpleName() + "'s component " + name + " matches two " + what
            + "s, \"" + clash.get(key(name)) + "\": rename one");
      }
      source[i] = at;
    }
    return source;
  }

  /** The constructor fed by one reader per slot, all reading the same row: {@code (Row) -> Object}. */
  private static MethodHandle fromRow(MethodHandle constructor, ComponentSlot[] slots) {
    MethodHandle[] readers = new MethodHandle[slots.length];
    for (int i = 0; i < slots.length; i++) {
      readers[i] = slots[i].reader();
    }
    MethodHandle h = MethodHandles.filterArguments(constructor, 0, readers);
    MethodType oneRow = MethodType.methodType(constructor.type().returnType(), Row.class);
    h = slots.length == 0 ? MethodHandles.dropArguments(h, 0, Row.class)
        : MethodHandles.permuteArguments(h, oneRow, new int[slots.length]);
    return h.asType(MethodType.methodType(Object.class, Row.class));
  }

  /**
   * The canonical constructor, found through a lookup with the record's own access when its
   * package is open to Sluice (any class on the class path), else through the public lookup.
   */
  static MethodHandle constructor(Class<?> type, Class<?>[] types) {
    MethodType signature = MethodType.methodType(void.class, types);
    MethodHandle h;
    try {
      RecordMapping.class.getModule().addReads(type.getModule());
      h = MethodHandles.privateLookupIn(type, MethodHandles.lookup()).findConstructor(type, signature);
    } catch (IllegalAccessException | SecurityException e) {
      try {
        h = MethodHandles.publicLookup().findConstructor(type, signature);
      } catch (ReflectiveOperationException e2) {
        throw new ValueException("record " + type.getName() + " is not accessible to Sluice: make it and its"
            + " constructor public in an exported package, or open its package to module io.sluice.client", e2);
      }
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("record " + type.getName() + " has no canonical constructor", e);
    }
    return h;
  }

  /** A name as compared with the other side: lower case, without underscores. */
  static String key(String name) {
    return name.replace("_", "").toLowerCase(Locale.ROOT);
  }

  /** {@code firstName} as {@code first_name}, for the error message. */
  private static String snake(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }
}
