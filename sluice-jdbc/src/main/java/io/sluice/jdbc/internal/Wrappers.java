package io.sluice.jdbc.internal;

import java.sql.SQLException;

/**
 * {@link java.sql.Wrapper} for the driver's classes: each wraps itself and, at most, one delegate;
 * beyond those, an {@link Extension}'s views of it (pgjdbc's {@code PGConnection} from the drop-in).
 */
public final class Wrappers {
  private Wrappers() {}

  /** {@code self} or {@code delegate} as {@code iface}; neither is an error naming the interface. */
  public static <T> T unwrap(Object self, Object delegate, Class<T> iface) throws SQLException {
    if (iface.isInstance(self)) {
      return iface.cast(self);
    }
    if (delegate != null && iface.isInstance(delegate)) {
      return iface.cast(delegate);
    }
    T view = self instanceof java.sql.Wrapper w && Extensions.present() ? Extensions.get().view(w, iface) : null;
    if (view != null) {
      return view;
    }
    throw SqlErrors.of(self.getClass().getSimpleName() + " is not a wrapper for " + iface.getName(), "HY000");
  }

  public static boolean isWrapperFor(Object self, Object delegate, Class<?> iface) {
    return iface.isInstance(self) || (delegate != null && iface.isInstance(delegate))
        || self instanceof java.sql.Wrapper w && Extensions.present() && Extensions.get().hasView(w, iface);
  }

  /** {@code value} when it is 0 or more; else an error naming {@code what}. */
  static int nonNegative(int value, String what) throws SQLException {
    if (value < 0) {
      throw SqlErrors.of(what + " must be 0 or more, not " + value, "HY024");
    }
    return value;
  }
}
