package io.sluice.internal.rows;

import io.sluice.Row;

/**
 * Makes {@link Row}s for the parts outside {@code io.sluice} that build results (buffered sets,
 * portals, change streams). {@code Row} is a final class on the hottest path, so its constructor
 * stays package-private rather than public with internal types in its signature; {@code Row}'s
 * static initialiser hands this class its factory instead (the JDK's "shared secrets" pattern).
 * The factory is read once into a constant, so a row costs what {@code new Row(…)} costs.
 */
public final class Rows {
  /** Implemented by {@code io.sluice.Row}. */
  public interface Factory {
    /** A row over a DataRow body (int16 count, then each value's int32 length and bytes) at {@code start}. */
    Row row(RowLayout layout, byte[] buf, int start);
  }

  private static volatile Factory installed;

  /** Loaded on first use, not with this class: {@code Row}'s initialiser calls {@link #install} first. */
  private static final class Holder {
    static final Factory FACTORY = load();
  }

  private Rows() {}

  /** Called once, by {@code Row}'s static initialiser. */
  public static void install(Factory factory) {
    installed = factory;
  }

  private static Factory load() {
    try {
      Class.forName(Row.class.getName(), true, Rows.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
    if (installed == null) {
      throw new IllegalStateException("io.sluice.Row did not install its factory");
    }
    return installed;
  }

  public static Row row(RowLayout layout, byte[] buf, int start) {
    return Holder.FACTORY.row(layout, buf, start);
  }
}
