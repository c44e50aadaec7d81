package io.sluice.protocol.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RFC 5929 section 4.1 against real certificates, made at test time by the running JDK's
 * {@code keytool} (one self-signed certificate per signature algorithm). The expected value is
 * always {@link MessageDigest} over {@link X509Certificate#getEncoded()} with the hash the RFC
 * picks, so a wrong hash choice fails on length or content.
 */
class TlsServerEndPointTest {

  @TempDir static Path dir;
  static final Map<String, X509Certificate> certs = new HashMap<>();

  /** alias, -keyalg, -keysize, -sigalg */
  static final String[][] SPECS = {
    {"rsa-sha256", "RSA", "2048", "SHA256withRSA"},
    {"rsa-sha512", "RSA", "2048", "SHA512withRSA"},
    {"ec-sha384", "EC", "384", "SHA384withECDSA"},
    {"rsa-sha1", "RSA", "2048", "SHA1withRSA"},
    {"rsa-md5", "RSA", "2048", "MD5withRSA"},
    // JDK keytool signs a 3072-bit RSASSA-PSS key with PSS/SHA-384 (checked with `openssl x509
    // -text`: "Hash Algorithm: sha384"), so SHA-384 can only come from reading the parameters.
    {"rsa-pss", "RSASSA-PSS", "3072", "RSASSA-PSS"},
    {"ed25519", "Ed25519", "255", "Ed25519"},
  };

  @BeforeAll
  static void makeCertificates() throws Exception {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<Process> running = new ArrayList<>();
    for (String[] spec : SPECS) {
      running.add(new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", spec[0],
              "-keyalg", spec[1], "-keysize", spec[2], "-sigalg", spec[3], "-dname", "CN=sluice",
              "-validity", "2", "-storetype", "PKCS12", "-storepass", "changeit",
              "-keystore", dir.resolve(spec[0] + ".p12").toString())
          .redirectErrorStream(true)
          .redirectOutput(dir.resolve(spec[0] + ".log").toFile())
          .start());
    }
    for (int i = 0; i < SPECS.length; i++) {
      String alias = SPECS[i][0];
      Process p = running.get(i);
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "keytool timed out for " + alias);
      assertEquals(0, p.exitValue(), () -> "keytool failed for " + alias + ": " + log(alias));
      KeyStore ks = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(dir.resolve(alias + ".p12"))) {
        ks.load(in, "changeit".toCharArray());
      }
      certs.put(alias, (X509Certificate) ks.getCertificate(alias));
    }
  }

  static String log(String alias) {
    try {
      return Files.readString(dir.resolve(alias + ".log"), StandardCharsets.UTF_8);
    } catch (Exception e) {
      return "(no log)";
    }
  }

  static void assertHash(String alias, String sigAlgName, String digest, int length)
      throws Exception {
    X509Certificate cert = certs.get(alias);
    assertEquals(sigAlgName, cert.getSigAlgName(), "keytool made a different certificate");
    byte[] expected = MessageDigest.getInstance(digest).digest(cert.getEncoded());
    byte[] actual = ScramSha256.tlsServerEndPoint(cert);
    assertEquals(length, actual.length);
    assertArrayEquals(expected, actual);
  }

  @Test
  void sha256WithRsaUsesSha256() throws Exception {
    assertHash("rsa-sha256", "SHA256withRSA", "SHA-256", 32);
  }

  @Test
  void sha512WithRsaUsesSha512() throws Exception {
    assertHash("rsa-sha512", "SHA512withRSA", "SHA-512", 64);
  }

  @Test
  void sha384WithEcdsaUsesSha384() throws Exception {
    assertHash("ec-sha384", "SHA384withECDSA", "SHA-384", 48);
  }

  @Test
  void sha1AndMd5AreReplacedBySha256() throws Exception {
    assertHash("rsa-sha1", "SHA1withRSA", "SHA-256", 32);
    assertHash("rsa-md5", "MD5withRSA", "SHA-256", 32);
  }

  @Test
  void rsassaPssUsesTheHashInItsParameters() throws Exception {
    assertHash("rsa-pss", "RSASSA-PSS", "SHA-384", 48);
  }

  @Test
  void ed25519HasNoHashAndIsRefused() {
    var e = assertThrows(AuthExchangeException.class,
        () -> ScramSha256.tlsServerEndPoint(certs.get("ed25519")));
    assertTrue(e.getMessage().contains("Ed25519"), e.getMessage());
    assertTrue(e.getMessage().contains("no single hash function"), e.getMessage());
  }

  @Test
  void bindingDataFeedsThePlusMechanism() {
    byte[] hash = ScramSha256.tlsServerEndPoint(certs.get("ec-sha384"));
    ChannelBinding cb = ChannelBinding.tlsServerEndPoint(hash);
    assertEquals(ChannelBinding.Kind.TLS_SERVER_END_POINT, cb.kind());
    assertEquals("SCRAM-SHA-256-PLUS", cb.mechanism());
    assertArrayEquals(hash, cb.data());
  }
}
