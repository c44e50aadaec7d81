package io.sluice.jdbc.internal;

/**
 * The driver's name and version as {@link java.sql.Driver} and {@link java.sql.DatabaseMetaData}
 * report them, and the JDBC version it implements (JDBC 4.3, Java SE 9 and later).
 */
public final class DriverVersion {
  public static final String NAME = "Sluice JDBC";
  public static final int MAJOR = 0;
  public static final int MINOR = 1;
  public static final int JDBC_MAJOR = 4;
  public static final int JDBC_MINOR = 3;

  private DriverVersion() {}

  /** "0.1" — the form {@code DatabaseMetaData.getDriverVersion()} returns. */
  public static String text() {
    return MAJOR + "." + MINOR;
  }
}
