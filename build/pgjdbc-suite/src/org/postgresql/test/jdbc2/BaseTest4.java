package org.postgresql.test.jdbc2;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.postgresql.PGProperty;
import org.postgresql.core.Oid;
import org.postgresql.core.Version;
import org.postgresql.jdbc.PreferQueryMode;
import org.postgresql.test.TestUtil;

/**
 * Sluice's driver-neutral stand-in for the base class of pgjdbc's parameterised tests, with the
 * same members. The connection's settings (binary transfer, batched-insert rewriting, string type,
 * query mode) are connection properties, as in pgjdbc's kit. The query mode in force is the one the
 * test asked for, else the configured one: pgjdbc reads it back from its connection, a call its
 * drop-in replacement need not have. Questions only pgjdbc's query executor can answer fail with
 * "needs pgjdbc internals".
 */
public class BaseTest4 {

  public enum BinaryMode {
    REGULAR, FORCE
  }

  public enum ReWriteBatchedInserts {
    YES, NO
  }

  public enum AutoCommit {
    YES, NO
  }

  public enum StringType {
    UNSPECIFIED, VARCHAR
  }

  protected Connection con;
  protected BinaryMode binaryMode;
  private ReWriteBatchedInserts reWriteBatchedInserts;
  protected PreferQueryMode preferQueryMode;
  private StringType stringType;

  protected void updateProperties(Properties props) {
    if (binaryMode == BinaryMode.FORCE) {
      forceBinary(props);
    }
    if (reWriteBatchedInserts != null) {
      PGProperty.REWRITE_BATCHED_INSERTS.set(props, reWriteBatchedInserts == ReWriteBatchedInserts.YES);
    }
    if (stringType != null) {
      PGProperty.STRING_TYPE.set(props, stringType.name().toLowerCase(Locale.ROOT));
    }
    if (preferQueryMode != null) {
      PGProperty.PREFER_QUERY_MODE.set(props, preferQueryMode.value());
    }
  }

  /** Binary transfer from the first execution on (prepareThreshold -1), bool included. */
  protected static void forceBinary(Properties props) {
    PGProperty.PREPARE_THRESHOLD.set(props, -1);
    PGProperty.BINARY_TRANSFER_ENABLE.set(props, Oid.BOOL);
  }

  public final void setBinaryMode(BinaryMode binaryMode) {
    this.binaryMode = binaryMode;
  }

  public final void setPreferQueryMode(PreferQueryMode preferQueryMode) {
    this.preferQueryMode = preferQueryMode;
  }

  public StringType getStringType() {
    return stringType;
  }

  public void setStringType(StringType stringType) {
    this.stringType = stringType;
  }

  public void setReWriteBatchedInserts(ReWriteBatchedInserts reWriteBatchedInserts) {
    this.reWriteBatchedInserts = reWriteBatchedInserts;
  }

  @BeforeEach
  final void beforeEach() throws Exception {
    setUp();
  }

  @AfterEach
  final void afterEach() throws Exception {
    tearDown();
  }

  protected void setUp() throws Exception {
    Properties props = new Properties();
    updateProperties(props);
    con = TestUtil.openDB(props);
    if (preferQueryMode == null) {
      preferQueryMode = configuredQueryMode();
    }
  }

  protected void tearDown() throws SQLException {
    TestUtil.closeDB(con);
  }

  // preferQueryMode from the system properties and build.properties, as a connection would get it
  private static PreferQueryMode configuredQueryMode() {
    String value = PGProperty.PREFER_QUERY_MODE.getOrDefault(System.getProperties());
    return PreferQueryMode.of(value == null ? "extended" : value);
  }

  public static void assumeCallableStatementsSupported(Connection con) throws SQLException {
    assumeTrue(configuredQueryMode() != PreferQueryMode.SIMPLE,
        "callable statements are not fully supported in simple protocol execution mode");
  }

  public void assumeCallableStatementsSupported() {
    assumeTrue(preferQueryMode != PreferQueryMode.SIMPLE,
        "callable statements are not fully supported in simple protocol execution mode");
  }

  public void assumeBinaryModeRegular() {
    assumeTrue(binaryMode == BinaryMode.REGULAR);
  }

  public void assumeBinaryModeForce() {
    assumeTrue(binaryMode == BinaryMode.FORCE);
    assumeTrue(preferQueryMode != PreferQueryMode.SIMPLE);
  }

  public void assumeNotSimpleQueryMode() {
    assumeTrue(preferQueryMode != PreferQueryMode.SIMPLE);
  }

  public void assumeMinimumServerVersion(String message, Version version) throws SQLException {
    assumeTrue(TestUtil.haveMinimumServerVersion(con, version), message);
  }

  public void assumeMinimumServerVersion(Version version) throws SQLException {
    assumeTrue(TestUtil.haveMinimumServerVersion(con, version));
  }

  protected void assertBinaryForReceive(int oid, boolean expected, Supplier<String> message) throws SQLException {
    throw new UnsupportedOperationException(
        "needs pgjdbc internals: QueryExecutor.useBinaryForReceive(" + oid + "): " + message.get());
  }

  protected void assertBinaryForSend(int oid, boolean expected, Supplier<String> message) throws SQLException {
    throw new UnsupportedOperationException(
        "needs pgjdbc internals: QueryExecutor.useBinaryForSend(" + oid + "): " + message.get());
  }
}
