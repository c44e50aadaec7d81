package io.sluice.internal.rows;

import io.sluice.Row;

/**
 * Makes {@link Row}s for the parts outside {@code io.sluice} that build results (buffered sets,
 * portals, change streams). {@code Row} is a final class on the hottest path, so its constructor
 * stays package-private rather than public with internal types in its signature; {@code Row}'s
 * static initialiser hands this class its constructor and re-pointing instead (the JDK's "shared secrets" pattern).
 * Both are read once into constants, so a row costs what {@code new Row(…)} costs.
 */
public final class Rows {
  /** {@code io.sluice.Row}'s constructor. */
  public interface Maker {
    /** A row over a DataRow body (int16 count, then each value's int32 length and bytes) at {@code start}. */
    Row row(RowLayout layout, byte[] buf, int start);
  }

  /** {@code io.sluice.Row}'s re-pointing of a view at another row's bytes (streaming reuses one view). */
  public interface Pointer {
    void point(Row view, byte[] buf, int start);
  }

  private static volatile Maker installedMaker;
  private static volatile Pointer installedPointer;

  /** Loaded on first use, not with this class: {@code Row}'s initialiser calls {@link #install} first. */
  private static final class Holder {
    static final Maker MAKER = load();
    static final Pointer POINTER = installedPointer;
  }

  private Rows() {}

  /** Called once, by {@code Row}'s static initialiser. */
  public static void install(Maker maker, Pointer pointer) {
    installedPointer = pointer;
    installedMaker = maker;
  }

  private static Maker load() {
    try {
      Class.forName(Row.class.getName(), true, Rows.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
    if (installedMaker == null) {
      throw new IllegalStateException("io.sluice.Row did not install its factory");
    }
    return installedMaker;
  }

  public static Row row(RowLayout layout, byte[] buf, int start) {
    return Holder.MAKER.row(layout, buf, start);
  }

  /** A view to re-point at each row of a stream ({@link #point}): one object per stream, not per row. */
  public static Row view(RowLayout layout) {
    return Holder.MAKER.row(layout, null, 0);
  }

  public static void point(Row view, byte[] buf, int start) {
    Holder.POINTER.point(view, buf, start);
  }
}
