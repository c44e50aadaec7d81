package io.sluice.jdbc.internal;

import java.util.ServiceLoader;

/** The one {@link Extension} in use: the first provider found, else the driver's own behaviour. */
final class Extensions {
  private static final Extension NONE = new Extension() {};
  private static final Extension FOUND = ServiceLoader.load(Extension.class, Extension.class.getClassLoader())
      .findFirst().orElse(NONE);

  private Extensions() {}

  static Extension get() {
    return FOUND;
  }

  /** Whether a provider was found: without one, the driver skips the work only an extension needs. */
  static boolean present() {
    return FOUND != NONE;
  }
}
