package io.sluice.jdbc.internal;

import java.util.Locale;

/**
 * Whether Sluice answers {@code jdbc:postgresql:} URLs, which pgjdbc answers too. {@code
 * DriverManager} asks the registered drivers in an order nobody controls, so with both drivers on
 * the class path the same URL could reach either: instead, when pgjdbc itself is there, Sluice
 * leaves {@code jdbc:postgresql:} to it and answers {@code jdbc:sluice:postgresql:} only, so adding
 * Sluice to an application changes nothing until it is asked for by name. Without pgjdbc (or with
 * {@code sluice-jdbc-drop-in} in its place) Sluice answers both. The system property {@value
 * #PROPERTY} ({@code claim} or {@code leave}) overrides the choice.
 */
public final class PostgresqlUrls {
  static final String PROPERTY = "sluice.jdbc.postgresql-urls";

  private static final boolean CLAIMED = claimed(System.getProperty(PROPERTY), pgjdbcPresent());

  private PostgresqlUrls() {}

  /** Whether this JVM's Sluice driver answers {@code jdbc:postgresql:} URLs. */
  public static boolean claimed() {
    return CLAIMED;
  }

  /** The rule: the property if set, else claim them unless pgjdbc is present. */
  static boolean claimed(String property, boolean pgjdbcPresent) {
    if (property == null || property.isBlank()) {
      return !pgjdbcPresent;
    }
    return switch (property.trim().toLowerCase(Locale.ROOT)) {
      case "claim" -> true;
      case "leave" -> false;
      default -> throw new IllegalArgumentException("system property " + PROPERTY + " is \"" + property
          + "\"; it takes claim (Sluice answers jdbc:postgresql: URLs) or leave (pgjdbc does)");
    };
  }

  /**
   * pgjdbc's protocol implementation: the drop-in carries pgjdbc's API names ({@code PGConnection},
   * {@code PGobject}, even {@code BaseConnection} and {@code PgConnection}) but never its wire code.
   */
  private static boolean pgjdbcPresent() {
    try {
      Class.forName("org.postgresql.core.v3.QueryExecutorImpl", false, PostgresqlUrls.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
