package org.postgresql.test;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.util.Collections;
import java.util.List;

/**
 * Run before mode B on its class path: exits non-zero unless pgjdbc's driver is absent and every
 * registered JDBC driver, and a connection the test kit opens, is Sluice's. Without this a stray
 * pgjdbc jar would make mode B measure pgjdbc again.
 */
public final class SluiceOnlyCheck {
  private SluiceOnlyCheck() {
  }

  public static void main(String[] args) throws Exception {
    // pgjdbc's implementation, which the drop-in never carries (it has the API names BaseConnection,
    // QueryExecutor and PgConnection, from its own jar)
    for (String pgjdbcClass : List.of("org.postgresql.core.v3.QueryExecutorImpl", "org.postgresql.core.PGStream",
        "org.postgresql.jdbc.PgStatement", "org.postgresql.jdbc.PgPreparedStatement")) {
      if (loadable(pgjdbcClass)) {
        fail("pgjdbc's " + pgjdbcClass + " is on the class path");
      }
    }
    for (String apiClass : List.of("org.postgresql.core.BaseConnection", "org.postgresql.jdbc.PgConnection",
        "org.postgresql.core.QueryExecutor", "org.postgresql.Driver")) {
      if (loadable(apiClass)) {
        String where = String.valueOf(Class.forName(apiClass, false, SluiceOnlyCheck.class.getClassLoader())
            .getProtectionDomain().getCodeSource().getLocation());
        if (!where.contains("sluice-jdbc-drop-in")) {
          fail(apiClass + " comes from " + where + ", not the drop-in");
        }
      }
    }
    for (Driver driver : Collections.list(DriverManager.getDrivers())) {
      String where = String.valueOf(driver.getClass().getProtectionDomain().getCodeSource().getLocation());
      System.out.println("driver " + driver.getClass().getName() + " from " + where);
      if (!driver.getClass().getName().startsWith("io.sluice.") && !where.contains("sluice-jdbc-drop-in")) {
        fail("a JDBC driver that is not Sluice's: " + driver.getClass().getName() + " from " + where);
      }
    }
    try (Connection con = TestUtil.openDB()) {
      String type = con.getClass().getName();
      System.out.println("connection " + type + ", " + con.getMetaData().getDriverName() + " "
          + con.getMetaData().getDriverVersion() + ", server " + con.getMetaData().getDatabaseProductVersion());
      if (!type.startsWith("io.sluice.")) {
        fail("the test kit's connection is a " + type);
      }
    }
  }

  private static boolean loadable(String name) {
    try {
      Class.forName(name, false, SluiceOnlyCheck.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  private static void fail(String why) {
    System.err.println("SluiceOnlyCheck: " + why);
    System.exit(1);
  }
}
