package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.jdbc.AutoSave;
import org.postgresql.jdbc.PreferQueryMode;
import org.postgresql.util.PasswordUtil;

/**
 * pgjdbc's connection-wide settings on {@code PGConnection} (default fetch size and query timeout,
 * query mode, autosave, adaptive fetch) and {@code alterUserPassword}, against the server.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PGConnectionSettingsTest {
  @Test
  void defaultFetchSizeAndQueryTimeoutApplyToStatementsMadeAfter() throws Exception {
    Properties p = DropInServer.properties();
    p.setProperty("defaultRowFetchSize", "7");
    try (Connection c = new Driver().connect(DropInServer.url(), p)) {
      PGConnection pg = (PGConnection) c;
      assertEquals(7, pg.getDefaultFetchSize());
      Statement before = c.createStatement();
      pg.setDefaultFetchSize(50);
      pg.setQueryTimeout(3);
      Statement after = c.createStatement();
      assertEquals(7, before.getFetchSize(), "a statement made before keeps its own");
      assertEquals(0, before.getQueryTimeout());
      assertEquals(50, after.getFetchSize());
      assertEquals(3, after.getQueryTimeout());
      assertEquals(50, c.prepareStatement("select 1").getFetchSize());
      assertEquals(3, pg.getQueryTimeout());
      SQLException negative = assertThrows(SQLException.class, () -> pg.setDefaultFetchSize(-1));
      assertTrue(negative.getMessage().contains("fetch size"), negative.getMessage());
      assertThrows(SQLException.class, () -> pg.setQueryTimeout(-1));
      // the default timeout is a real statement timeout: a sleep past it is cancelled, 57014
      pg.setQueryTimeout(1);
      try (Statement slow = c.createStatement()) {
        SQLException e = assertThrows(SQLException.class, () -> slow.execute("select pg_sleep(30)"));
        assertEquals("57014", e.getSQLState());
      }
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 2")) {
        assertTrue(rs.next());
        assertEquals(2, rs.getInt(1), "the connection goes on after the timeout");
      }
    }
  }

  @Test
  void queryModeAndAdaptiveFetchSayWhatSluiceDoes() throws Exception {
    try (Connection c = DropInServer.connect()) {
      PGConnection pg = c.unwrap(PGConnection.class);
      assertEquals(PreferQueryMode.EXTENDED, pg.getPreferQueryMode());
      assertFalse(pg.getAdaptiveFetch());
      pg.setAdaptiveFetch(true);
      assertTrue(pg.getAdaptiveFetch());
      assertEquals(PreferQueryMode.EXTENDED_FOR_PREPARED, PreferQueryMode.of("extendedForPrepared"));
      assertEquals(PreferQueryMode.EXTENDED, PreferQueryMode.of("nonsense"));
      assertEquals("conservative", AutoSave.of("Conservative").value());
    }
  }

  @Test
  void autosaveFromTheUrlAndFromSetAutosaveDecidesWhetherAFailureAbortsTheTransaction() throws Exception {
    SQLException bad = assertThrows(SQLException.class,
        () -> new Driver().connect(DropInServer.url() + "&autosave=sometimes", DropInServer.properties()));
    assertTrue(bad.getMessage().contains("never, conservative, always"), bad.getMessage());
    try (Connection c = new Driver().connect(DropInServer.url() + "&autosave=Always", DropInServer.properties());
        Statement s = c.createStatement()) {
      PGConnection pg = (PGConnection) c;
      assertEquals(AutoSave.ALWAYS, pg.getAutosave());
      c.setAutoCommit(false);
      assertEquals("22012", assertThrows(SQLException.class, () -> s.execute("select 1/0")).getSQLState());
      try (ResultSet rs = s.executeQuery("select 2")) {
        assertTrue(rs.next(), "rolled back to the savepoint: the transaction goes on");
      }
      pg.setAutosave(AutoSave.NEVER);
      assertEquals(AutoSave.NEVER, pg.getAutosave());
      assertThrows(SQLException.class, () -> s.execute("select 1/0"));
      assertEquals("25P02", assertThrows(SQLException.class, () -> s.execute("select 2")).getSQLState());
      c.rollback();
      pg.setAutosave(AutoSave.CONSERVATIVE);
      assertEquals(AutoSave.CONSERVATIVE, pg.getAutosave());
    }
  }

  @Test
  void alterUserPasswordSendsAHashThatSignsIn() throws Exception {
    String role = "alter_pw_" + ProcessHandle.current().pid();
    try (Connection admin = DropInServer.connect(); Statement s = admin.createStatement()) {
      s.execute("drop role if exists " + role);
      s.execute("create role " + role + " login");
      try {
        // a non-ASCII password: the secret is over its SASLprep'd bytes (U+00A0 maps to a space,
        // the ligature to "fi" under NFKC), as the sign-in's are
        String password = "p\u00e4ss\u00a0wo\ufb01rd";
        char[] given = password.toCharArray();
        ((PGConnection) admin).alterUserPassword(role, given, null);   // the server's password_encryption
        assertTrue(allZero(given), "the array is zeroed");
        String stored = secret(s, role);
        assertTrue(stored.startsWith("SCRAM-SHA-256$4096:"), stored);
        assertFalse(stored.contains(password));
        assertSignsIn(role, password);
        assertSignsIn(role, "p\u00e4ss wofird");   // the same after SASLprep: the server cannot tell them apart
        SQLException wrong = assertThrows(SQLException.class, () -> signIn(role, "other"));
        assertEquals("28P01", wrong.getSQLState());

        ((PGConnection) admin).alterUserPassword(role, "m5pass".toCharArray(), "md5");
        assertEquals(PasswordUtil.encodeMd5(role, "m5pass".toCharArray()), secret(s, role));
        assertEquals("md5" + md5Hex("m5pass" + role), secret(s, role), "PostgreSQL's MD5 form");

        SQLException unknown = assertThrows(SQLException.class,
            () -> ((PGConnection) admin).alterUserPassword(role, "x".toCharArray(), "rot13"));
        assertEquals("22023", unknown.getSQLState());
      } finally {
        s.execute("drop role " + role);
      }
    }
  }

  @Test
  void aScramSecretWithAGivenSaltIsRfc5803s() {
    // RFC 7677's test vector: user "user", password "pencil", salt W22ZaJ0SNY7soEsUEjb6gQ==, 4096
    byte[] salt = java.util.Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ==");
    String secret = PasswordUtil.encodeScramSha256("pencil".toCharArray(), 4096, salt);
    // StoredKey = H(HMAC(SaltedPassword, "Client Key")), ServerKey = HMAC(SaltedPassword, "Server Key");
    // the RFC's ServerSignature check: ServerKey is the key of its v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=
    String[] parts = secret.split("[$:]");
    assertEquals("SCRAM-SHA-256", parts[0]);
    assertEquals("4096", parts[1]);
    assertEquals("W22ZaJ0SNY7soEsUEjb6gQ==", parts[2]);
    byte[] serverKey = java.util.Base64.getDecoder().decode(parts[4]);
    String authMessage = "n=user,r=rOprNGfwEbeRWgbNEkqO,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
        + "s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
    assertEquals("6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=",
        java.util.Base64.getEncoder().encodeToString(hmac(serverKey, authMessage)));
  }

  private static String secret(Statement s, String role) throws SQLException {
    try (ResultSet rs = s.executeQuery("select rolpassword from pg_authid where rolname = '" + role + "'")) {
      assertTrue(rs.next());
      return rs.getString(1);
    }
  }

  private static void assertSignsIn(String role, String password) throws SQLException {
    try (Connection c = signIn(role, password); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select current_user")) {
      assertTrue(rs.next());
      assertEquals(role, rs.getString(1));
    }
  }

  /** Over TCP, where pg_hba.conf asks any role a test creates for SCRAM. */
  private static Connection signIn(String role, String password) throws SQLException {
    Properties p = DropInServer.properties();
    p.setProperty("user", role);
    p.setProperty("password", password);
    PostgresServer pg = PostgresServer.shared();
    assertNotNull(pg.host());
    return new Driver().connect(DropInServer.url(), p);
  }

  private static boolean allZero(char[] chars) {
    char[] zeros = new char[chars.length];
    return Arrays.equals(chars, zeros);
  }

  private static String md5Hex(String s) throws Exception {
    return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
        .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  private static byte[] hmac(byte[] key, String text) {
    try {
      javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
      mac.init(new javax.crypto.spec.SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(text.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    } catch (java.security.GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }
}
