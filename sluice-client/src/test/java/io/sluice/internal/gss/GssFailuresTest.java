package io.sluice.internal.gss;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javax.security.auth.login.LoginException;
import org.ietf.jgss.GSSException;
import org.junit.jupiter.api.Test;

/**
 * What the JDK throws, turned into what is missing: the Kerberos error code the JDK puts at the end
 * of its message (RFC 4120 7.5.9) picks the words, and the JDK's own words stay in brackets. The
 * causes a real KDC cannot easily be made to give (clock skew, a stale server key) are here; the
 * others are also tried against a real KDC (GssAuthTest, GssEncryptedSessionTest).
 */
class GssFailuresTest {
  static final GssFailures FAILURES = new GssFailures(
      new GssSettings("postgres", Path.of("/tmp/cc-test"), null, null, null), "db.example.com", "alice");

  static String of(String jdkMessage) {
    return FAILURES.of(new GSSException(GSSException.FAILURE, -1, jdkMessage)).getMessage();
  }

  @Test
  void eachKerberosErrorCodeSaysWhatIsWrong() {
    String skew = of("Clock skew too great (37)");
    assertTrue(skew.contains("clock") && skew.contains("synchronise") && skew.contains("Clock skew too great (37)"),
        skew);
    String unknown = of("Server not found in Kerberos database (7)");
    assertTrue(unknown.contains("does not know the server's service principal \"postgres/db.example.com\"")
        && unknown.contains("krbsrvname"), unknown);
    assertTrue(of("Ticket expired (32)").contains("run kinit again"));
    assertTrue(of("Message stream modified (41)").contains("krb_server_keyfile"));
    assertTrue(of("Cannot contact any KDC for realm 'EXAMPLE.COM'").contains("cannot reach the KDC"));
  }

  @Test
  void aFailedLoginNamesTheCache() {
    String m = FAILURES.ofLogin(new LoginException("Unable to obtain password from user")).getMessage();
    assertTrue(m.contains("no Kerberos ticket") && m.contains("/tmp/cc-test") && m.contains("kinit"), m);
  }
}
