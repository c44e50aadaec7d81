package io.sluice.internal.calls;

import io.sluice.ConnectionConfig;
import io.sluice.Row;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.session.ConnectParams;

/**
 * What internal parts outside package {@code io.sluice} need from it without it being public API:
 * the connect parameters a configuration resolves to, and rows over bytes laid out as a DataRow
 * body. {@code io.sluice} installs the implementation when {@link ConnectionConfig} is initialised,
 * which it is by the time anyone holds a configuration (the JDK's "shared secrets" pattern).
 */
public final class ApiBridge {
  private static volatile Api api;

  private ApiBridge() {}

  /** The operations; implemented in {@code io.sluice}. */
  public interface Api {
    /** The connector's parameters for a configuration, as {@code Connection.open} uses them. */
    ConnectParams connectParams(ConnectionConfig config);

    /** A row over a DataRow body (int16 count, then each value's int32 length and bytes) at {@code start}. */
    Row row(RowLayout layout, byte[] buf, int start);
  }

  /** Called once, by {@code io.sluice.ConnectionConfig}'s static initialiser. */
  public static void install(Api implementation) {
    api = implementation;
  }

  public static Api api() {
    Api a = api;
    if (a == null) {
      try {
        Class.forName(ConnectionConfig.class.getName(), true, ApiBridge.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      a = api;
    }
    return a;
  }
}
