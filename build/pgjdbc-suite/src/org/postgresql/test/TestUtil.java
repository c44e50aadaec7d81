package org.postgresql.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.PGProperty;
import org.postgresql.core.ServerVersion;
import org.postgresql.core.TransactionState;
import org.postgresql.core.Version;
import org.postgresql.util.PSQLException;
import org.postgresql.util.URLCoder;

/**
 * Sluice's driver-neutral stand-in for pgjdbc's test kit class of this name, with the same public
 * members so pgjdbc's compiled tests link against it. Everything goes through JDBC or pgjdbc's
 * public PGConnection API; nothing here casts to a driver's connection class. Where pgjdbc's kit
 * reads driver internals (the transaction state, the query executor), this one asks the driver for
 * the same public method by name and, if the driver has none, fails with "needs pgjdbc internals".
 */
public class TestUtil {
  public static final String TEST_URL_PROPERTY_PREFIX = "test.url.";
  /** When set (mode B), every connection opened here must be of a class under this prefix. */
  private static final String REQUIRED_PREFIX = System.getProperty("pgjdbc.suite.requireConnectionPrefix");
  private static final Object LOCK = new Object();
  private static boolean initialized;
  private static Properties sslTestProperties;

  static {
    initDriver();
  }

  public static void setTestUrlProperty(Properties props, PGProperty property, String value) {
    props.setProperty(TEST_URL_PROPERTY_PREFIX + property.getName(), value);
  }

  public static String getTestUrlProperty(Properties props, PGProperty property) {
    return props.getProperty(TEST_URL_PROPERTY_PREFIX + property.getName(), property.getDefaultValue());
  }

  public static String getURL() {
    return getURL(System.getProperties());
  }

  /** jdbc:postgresql://host:port/db, then every other test.url.* property as a URL parameter. */
  public static String getURL(Properties props) {
    initDriver();
    StringBuilder url = new StringBuilder("jdbc:postgresql://")
        .append(getTestUrlProperty(props, PGProperty.PG_HOST)).append(':')
        .append(getTestUrlProperty(props, PGProperty.PG_PORT)).append('/')
        .append(getTestUrlProperty(props, PGProperty.PG_DBNAME))
        .append("?ApplicationName=Driver Tests");
    List<String> inPath = List.of(PGProperty.PG_HOST.getName(), PGProperty.PG_PORT.getName(),
        PGProperty.PG_DBNAME.getName());
    for (String key : props.stringPropertyNames()) {
      if (!key.startsWith(TEST_URL_PROPERTY_PREFIX)) {
        continue;
      }
      String name = key.substring(TEST_URL_PROPERTY_PREFIX.length());
      if (inPath.stream().anyMatch(name::startsWith)) {
        continue;
      }
      String value = props.getProperty(key);
      if (value == null) {
        throw new IllegalArgumentException("Null value for property " + key);
      }
      url.append('&').append(URLCoder.encode(name)).append('=').append(URLCoder.encode(value));
    }
    return url.toString();
  }

  public static String getServer() {
    return getTestUrlProperty(System.getProperties(), PGProperty.PG_HOST);
  }

  public static int getPort() {
    return Integer.parseInt(getTestUrlProperty(System.getProperties(), PGProperty.PG_PORT));
  }

  public static int getPrepareThreshold() throws PSQLException {
    return PGProperty.PREPARE_THRESHOLD.getInt(System.getProperties());
  }

  public static int getProtocolVersion() throws PSQLException {
    return PGProperty.PROTOCOL_VERSION.getInt(System.getProperties());
  }

  public static String getDatabase() {
    return getTestUrlProperty(System.getProperties(), PGProperty.PG_DBNAME);
  }

  public static String getUser() {
    return PGProperty.USER.getOrDefault(System.getProperties());
  }

  public static String getPassword() {
    return PGProperty.PASSWORD.getOrDefault(System.getProperties());
  }

  public static String getSslPassword() {
    return System.getProperty(PGProperty.SSL_PASSWORD.getName());
  }

  public static String getSSPIUser() {
    return System.getProperty("sspiusername");
  }

  public static String getPrivilegedUser() {
    return System.getProperty("privilegedUser");
  }

  public static String getPrivilegedPassword() {
    return System.getProperty("privilegedPassword");
  }

  /** Each name, then its .local.properties sibling, resolved by {@link #getFile}. */
  public static Properties loadPropertyFiles(String... names) {
    Properties result = new Properties();
    for (String name : names) {
      List<String> candidates = new ArrayList<>(List.of(name));
      if (name.endsWith(".properties") && !name.endsWith(".local.properties")) {
        candidates.add(name.substring(0, name.length() - ".properties".length()) + ".local.properties");
      }
      for (String candidate : candidates) {
        File file = getFile(candidate);
        if (!file.exists()) {
          continue;
        }
        try (InputStream in = Files.newInputStream(file.toPath())) {
          result.load(in);
        } catch (IOException e) {
          // an unreadable optional configuration file counts as absent
        }
      }
    }
    return result;
  }

  private static String sslTestProperty(String name) {
    synchronized (LOCK) {
      if (sslTestProperties == null) {
        sslTestProperties = loadPropertyFiles("ssltest.properties");
      }
      return sslTestProperties.getProperty(name);
    }
  }

  public static void assumeSslTestsEnabled() {
    assumeTrue(Boolean.parseBoolean(sslTestProperty("enable_ssl_tests")));
  }

  public static String getSslTestCertPath(String name) {
    String dir = sslTestProperty("certdir");
    if (dir == null) {
      throw new IllegalArgumentException("Missing property certdir in ssltest.properties");
    }
    return new File(getFile(dir), name).getAbsolutePath();
  }

  /** Loads build.properties under the system properties (which win), once. */
  public static void initDriver() {
    synchronized (LOCK) {
      if (initialized) {
        return;
      }
      Properties merged = loadPropertyFiles("build.properties");
      merged.putAll(System.getProperties());
      System.getProperties().putAll(merged);
      initialized = true;
    }
  }

  public static File getFile(String name) {
    if (name == null) {
      throw new IllegalArgumentException("null file name is not expected");
    }
    return name.startsWith("/") ? new File(name)
        : new File(System.getProperty("build.properties.relative.path", "../"), name);
  }

  public static Connection openPrivilegedDB() throws SQLException {
    return openPrivilegedDB(p -> { });
  }

  public static Connection openPrivilegedDB(Consumer<? super Properties> customizer) throws SQLException {
    Properties props = new Properties();
    PGProperty.USER.set(props, getPrivilegedUser());
    PGProperty.PASSWORD.set(props, getPrivilegedPassword());
    PGProperty.OPTIONS.set(props, "-c synchronous_commit=on");
    customizer.accept(props);
    return openDB(props);
  }

  public static Connection openReplicationConnection() throws Exception {
    Properties props = new Properties();
    PGProperty.ASSUME_MIN_SERVER_VERSION.set(props, "9.4");
    PGProperty.PROTOCOL_VERSION.set(props, "3");
    PGProperty.REPLICATION.set(props, "database");
    PGProperty.PREFER_QUERY_MODE.set(props, "simple");
    PGProperty.USER.set(props, getPrivilegedUser());
    PGProperty.PASSWORD.set(props, getPrivilegedPassword());
    PGProperty.OPTIONS.set(props, "-c synchronous_commit=on");
    return openDB(props);
  }

  public static Connection openDB() throws SQLException {
    return openDB(new Properties());
  }

  public static Connection openDB(Properties props) throws SQLException {
    Properties merged = mergeDefaultProperties(props);
    Connection con = DriverManager.getConnection(getURL(merged), withoutKitSettings(merged));
    if (REQUIRED_PREFIX != null && !con.getClass().getName().startsWith(REQUIRED_PREFIX)) {
      con.close();
      throw new IllegalStateException("connection of " + con.getClass().getName() + ", not " + REQUIRED_PREFIX);
    }
    return con;
  }

  /**
   * props without the test kit's own settings: the build.properties keys that are not pgjdbc
   * connection properties (privilegedUser, sspiusername, preparethreshold, secondaryServer1...).
   * pgjdbc's kit hands them to the driver with the system properties and pgjdbc ignores them;
   * Sluice refuses an unknown undotted parameter, which would fail every connection, so they are
   * left out here (the refusal is a finding of its own, not what this suite measures).
   */
  static Properties withoutKitSettings(Properties props) {
    Properties out = new Properties();
    for (String name : props.stringPropertyNames()) {
      if (!KIT_SETTINGS.contains(name)) {
        out.setProperty(name, props.getProperty(name));
      }
    }
    return out;
  }

  private static final Set<String> KIT_SETTINGS = kitSettings();

  private static Set<String> kitSettings() {
    Set<String> names = new HashSet<>();
    for (String name : loadPropertyFiles("build.properties").stringPropertyNames()) {
      if (name.indexOf('.') < 0 && PGProperty.forName(name) == null) {
        names.add(name);
      }
    }
    return names;
  }

  /** The given properties over the system properties (which include build.properties). */
  public static Properties mergeDefaultProperties(Properties props) {
    if (props.stringPropertyNames().isEmpty()) {
      return System.getProperties();
    }
    Properties merged = new Properties(System.getProperties());
    for (String name : props.stringPropertyNames()) {
      String value = props.getProperty(name);
      if (value == null) {
        throw new IllegalArgumentException("Property " + name + " is null");
      }
      merged.setProperty(name, value);
    }
    return merged;
  }

  public static void closeDB(Connection con) throws SQLException {
    if (con != null) {
      con.close();
    }
  }

  public static void createSchema(Connection con, String schema) throws SQLException {
    dropSchema(con, schema);
    execute(con, "CREATE SCHEMA " + schema);
  }

  public static void dropSchema(Connection con, String schema) throws SQLException {
    drop(con, "SCHEMA", schema);
  }

  public static void createTable(Connection con, String table, String columns) throws SQLException {
    dropTable(con, table);
    execute(con, "CREATE TABLE " + table + " (" + columns + ")");
  }

  public static void createTempTable(Connection con, String table, String columns) throws SQLException {
    dropTable(con, table);
    execute(con, "CREATE TEMP TABLE " + table + " (" + columns + ")");
  }

  public static void createUnloggedTable(Connection con, String table, String columns) throws SQLException {
    dropTable(con, table);
    String unlogged = haveMinimumServerVersion(con, ServerVersion.v9_1) ? "UNLOGGED " : "";
    execute(con, "CREATE " + unlogged + "TABLE " + table + " (" + columns + ")");
  }

  public static void createView(Connection con, String view, String query) throws SQLException {
    dropView(con, view);
    execute(con, "CREATE VIEW " + view + " AS " + query);
  }

  public static void createMaterializedView(Connection con, String view, String query) throws SQLException {
    dropMaterializedView(con, view);
    execute(con, "CREATE MATERIALIZED VIEW " + view + " AS " + query);
  }

  public static void createEnumType(Connection con, String name, String values) throws SQLException {
    dropType(con, name);
    execute(con, "CREATE TYPE " + name + " AS ENUM (" + values + ")");
  }

  public static void createCompositeType(Connection con, String name, String values) throws SQLException {
    createCompositeType(con, name, values, true);
  }

  public static void createCompositeType(Connection con, String name, String values, boolean drop)
      throws SQLException {
    if (drop) {
      dropType(con, name);
    }
    execute(con, "CREATE TYPE " + name + " AS (" + values + ")");
  }

  public static void dropDomain(Connection con, String domain) throws SQLException {
    drop(con, "DOMAIN", domain);
  }

  public static void createDomain(Connection con, String name, String definition) throws SQLException {
    dropDomain(con, name);
    execute(con, "CREATE DOMAIN " + name + " AS " + definition);
  }

  public static void dropSequence(Connection con, String sequence) throws SQLException {
    drop(con, "SEQUENCE", sequence);
  }

  public static void dropTable(Connection con, String table) throws SQLException {
    drop(con, "TABLE", table);
  }

  public static void dropView(Connection con, String view) throws SQLException {
    drop(con, "VIEW", view);
  }

  public static void dropMaterializedView(Connection con, String view) throws SQLException {
    drop(con, "MATERIALIZED VIEW", view);
  }

  public static void dropType(Connection con, String type) throws SQLException {
    drop(con, "TYPE", type);
  }

  public static void dropFunction(Connection con, String name, String arguments) throws SQLException {
    drop(con, "FUNCTION", name + "(" + arguments + ")");
  }

  // Outside a transaction a missing object is fine (IF EXISTS); inside one, pgjdbc's tests expect
  // the error a missing object raises, so the plain DROP is used there.
  private static void drop(Connection con, String kind, String name) throws SQLException {
    String ifExists = con.getAutoCommit() ? "IF EXISTS " : "";
    execute(con, "DROP " + kind + " " + ifExists + name + " CASCADE");
  }

  public static void assertNumberOfRows(Connection con, String table, int expected, String message)
      throws SQLException {
    try (PreparedStatement ps = con.prepareStatement("select count(*) from " + table + " as t");
         ResultSet rs = ps.executeQuery()) {
      rs.next();
      assertEquals(expected, rs.getInt(1), message);
    }
  }

  public static void assertTransactionState(String message, Connection con, TransactionState expected) {
    assertEquals(expected, getTransactionState(con), message);
  }

  public static String insertSQL(String table, String values) {
    return insertSQL(table, null, values);
  }

  public static String insertSQL(String table, String columns, String values) {
    return "INSERT INTO " + table + (columns == null ? "" : " (" + columns + ")") + " VALUES (" + values + ")";
  }

  public static String selectSQL(String table, String columns) {
    return selectSQL(table, columns, null, null);
  }

  public static String selectSQL(String table, String columns, String where) {
    return selectSQL(table, columns, where, null);
  }

  public static String selectSQL(String table, String columns, String where, String other) {
    return "SELECT " + columns + " FROM " + table + (where == null ? "" : " WHERE " + where)
        + (other == null ? "" : " " + other);
  }

  /** v zero-padded (or cut) to its last l digits. */
  public static String fix(int v, int l) {
    String padded = "0".repeat(l) + v;
    return padded.substring(padded.length() - l);
  }

  /** The text of a string literal for value (without the quotes), as the server reads it. */
  public static String escapeString(Connection con, String value) throws SQLException {
    if (con == null) {
      throw new NullPointerException("Connection is null");
    }
    String escaped = value.replace("'", "''");
    return getStandardConformingStrings(con) ? escaped : escaped.replace("\\", "\\\\");
  }

  public static boolean getStandardConformingStrings(Connection con) {
    return "on".equals(parameterStatus(con, "standard_conforming_strings"));
  }

  public static boolean haveMinimumServerVersion(Connection con, int version) throws SQLException {
    return serverVersionNum(con) >= version;
  }

  public static boolean haveMinimumServerVersion(Connection con, Version version) throws SQLException {
    return serverVersionNum(con) >= version.getVersionNum();
  }

  private static int serverVersionNum(Connection con) throws SQLException {
    if (con == null) {
      throw new NullPointerException("Connection is null");
    }
    return ServerVersion.from(con.getMetaData().getDatabaseProductVersion()).getVersionNum();
  }

  public static void assumeHaveMinimumServerVersion(Version version) throws SQLException {
    try (Connection con = openPrivilegedDB()) {
      assumeTrue(haveMinimumServerVersion(con, version));
    }
  }

  public static boolean haveMinimumJVMVersion(String version) {
    return System.getProperty("java.version").compareTo(version) >= 0;
  }

  public static boolean haveIntegerDateTimes(Connection con) {
    return "on".equals(parameterStatus(con, "integer_datetimes"));
  }

  // A server parameter the driver reports (ParameterStatus), through pgjdbc's public API.
  private static String parameterStatus(Connection con, String name) {
    if (con == null) {
      throw new NullPointerException("Connection is null");
    }
    try {
      return con.unwrap(PGConnection.class).getParameterStatus(name);
    } catch (SQLException e) {
      throw new IllegalStateException("no PGConnection behind " + con.getClass().getName(), e);
    }
  }

  public static void printResultSet(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      names.add(md.getColumnName(i));
    }
    System.out.println(String.join(", ", names));
    for (String line : resultSetToLines(rs)) {
      System.out.println(line.replace(",", ", "));
    }
  }

  public static List<String> resultSetToLines(ResultSet rs) throws SQLException {
    List<String> lines = new ArrayList<>();
    int columns = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      List<String> cells = new ArrayList<>();
      for (int i = 1; i <= columns; i++) {
        cells.add(rs.getString(i));
      }
      lines.add(String.join(",", cells));
    }
    return lines;
  }

  public static String join(List<String> list) {
    return String.join("\n", list);
  }

  /** The column's index in the query's first row, or 0 if the query has no row or no such column. */
  public static int findColumn(PreparedStatement query, String label) throws SQLException {
    try (ResultSet rs = query.executeQuery()) {
      if (!rs.next()) {
        return 0;
      }
      try {
        return rs.findColumn(label);
      } catch (SQLException e) {
        return 0;
      }
    }
  }

  public static void closeQuietly(Statement stmt) {
    if (stmt != null) {
      try {
        stmt.close();
      } catch (SQLException ignored) {
        // closing is best effort here
      }
    }
  }

  public static void closeQuietly(ResultSet rs) {
    if (rs != null) {
      try {
        rs.close();
      } catch (SQLException ignored) {
        // closing is best effort here
      }
    }
  }

  public static void recreateLogicalReplicationSlot(Connection con, String slot, String plugin)
      throws SQLException, InterruptedException, TimeoutException {
    dropReplicationSlot(con, slot);
    try (PreparedStatement ps = con.prepareStatement("SELECT * FROM pg_create_logical_replication_slot(?, ?)")) {
      ps.setString(1, slot);
      ps.setString(2, plugin);
      ps.execute();
    }
  }

  public static void recreatePhysicalReplicationSlot(Connection con, String slot)
      throws SQLException, InterruptedException, TimeoutException {
    dropReplicationSlot(con, slot);
    try (PreparedStatement ps = con.prepareStatement("SELECT * FROM pg_create_physical_replication_slot(?)")) {
      ps.setString(1, slot);
      ps.execute();
    }
  }

  public static void dropReplicationSlot(Connection con, String slot)
      throws SQLException, InterruptedException, TimeoutException {
    try (PreparedStatement ps = con.prepareStatement(
        "SELECT pg_terminate_backend(active_pid) FROM pg_replication_slots WHERE active AND slot_name = ?")) {
      ps.setString(1, slot);
      ps.execute();
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (isReplicationSlotActive(con, slot)) {
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("replication slot " + slot + " still active after 30 s");
      }
      Thread.sleep(100);
    }
    try (PreparedStatement ps = con.prepareStatement(
        "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = ?")) {
      ps.setString(1, slot);
      ps.execute();
    }
  }

  public static boolean isReplicationSlotActive(Connection con, String slot) throws SQLException {
    try (PreparedStatement ps = con.prepareStatement("SELECT active FROM pg_replication_slots WHERE slot_name = ?")) {
      ps.setString(1, slot);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  public static boolean executeQuery(Connection con, String sql) throws SQLException {
    try (Statement st = con.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      return rs.next();
    }
  }

  public static String queryForString(Connection con, String sql) throws SQLException {
    try (Statement st = con.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      return onlyString(rs, sql);
    }
  }

  public static String queryForString(Connection con, String sql, String param) throws SQLException {
    try (PreparedStatement ps = con.prepareStatement(sql)) {
      ps.setString(1, param);
      try (ResultSet rs = ps.executeQuery()) {
        return onlyString(rs, sql);
      }
    }
  }

  private static String onlyString(ResultSet rs, String sql) throws SQLException {
    assertTrue(rs.next(), () -> "Query should have returned exactly one row but none was found: " + sql);
    String value = rs.getString(1);
    assertFalse(rs.next(), () -> "Query should have returned exactly one row but more than one found: " + sql);
    return value;
  }

  public static Boolean queryForBoolean(Connection con, String sql) throws SQLException {
    try (Statement st = con.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      assertTrue(rs.next(), () -> "Query should have returned exactly one row but none was found: " + sql);
      boolean value = rs.getBoolean(1);
      Boolean result = rs.wasNull() ? null : value;
      assertFalse(rs.next(), () -> "Query should have returned exactly one row but more than one found: " + sql);
      return result;
    }
  }

  public static int getBackendPid(Connection con) throws SQLException {
    return con.unwrap(PGConnection.class).getBackendPID();
  }

  public static boolean isPidAlive(Connection con, int pid) throws SQLException {
    try (PreparedStatement ps = con.prepareStatement("SELECT EXISTS (SELECT * FROM pg_stat_activity WHERE pid = ?)")) {
      ps.setInt(1, pid);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  public static boolean waitForBackendTermination(Connection con, int pid) throws SQLException, InterruptedException {
    return waitForBackendTermination(con, pid, Duration.ofSeconds(30), Duration.ofMillis(10));
  }

  public static boolean waitForBackendTermination(Connection con, int pid, Duration timeout, Duration pause)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (isPidAlive(con, pid)) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(pause.toMillis());
    }
    return true;
  }

  // A superuser connection to the same URL as con, to terminate con's backend from outside.
  private static Connection privilegedTwin(Connection con) throws SQLException {
    String url = con.getMetaData().getURL();
    if (url == null) {
      throw new IllegalStateException("getMetaData().getURL() is null: cannot reopen the connection's URL");
    }
    Properties props = new Properties(con.getClientInfo());
    PGProperty.USER.set(props, getPrivilegedUser());
    PGProperty.PASSWORD.set(props, getPrivilegedPassword());
    return DriverManager.getConnection(url, props);
  }

  private static boolean terminate(Connection privileged, int pid) throws SQLException {
    try (PreparedStatement ps = privileged.prepareStatement("SELECT pg_terminate_backend(?)")) {
      ps.setInt(1, pid);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  public static boolean terminateBackend(Connection con) throws SQLException, InterruptedException {
    try (Connection privileged = privilegedTwin(con)) {
      int pid = getBackendPid(con);
      return terminate(privileged, pid) && waitForBackendTermination(privileged, pid);
    }
  }

  public static boolean terminateBackendNoWait(Connection con) throws SQLException {
    try (Connection privileged = privilegedTwin(con)) {
      return terminate(privileged, getBackendPid(con));
    }
  }

  /**
   * The connection's transaction state, if the driver offers pgjdbc's getTransactionState() on the
   * connection or on what it unwraps to; JDBC has no such call and a query would change the state.
   */
  public static TransactionState getTransactionState(Connection con) {
    Object answer = DriverMethod.call(con, "getTransactionState");
    if (answer instanceof TransactionState state) {
      return state;
    }
    return TransactionState.valueOf(String.valueOf(answer));
  }

  public static void execute(Connection con, String sql) throws SQLException {
    try (Statement st = con.createStatement()) {
      st.execute(sql);
    }
  }

  /** Calls a public no-argument method pgjdbc's connection has, on a driver that may have it too. */
  static final class DriverMethod {
    private DriverMethod() {
    }

    static Object call(Connection con, String name) {
      List<Object> targets = new ArrayList<>(List.of(con));
      try {
        targets.add(con.unwrap(PGConnection.class));
      } catch (SQLException | RuntimeException e) {
        // only the connection itself is asked then
      }
      for (Object target : targets) {
        try {
          Method m = target.getClass().getMethod(name);
          return m.invoke(target);
        } catch (NoSuchMethodException e) {
          continue;
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(name + " on " + target.getClass().getName(), e);
        }
      }
      throw new UnsupportedOperationException("needs pgjdbc internals: " + name + "() on "
          + con.getClass().getName());
    }
  }
}
