package io.sluice.protocol.auth;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.security.spec.PSSParameterSpec;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code tls-server-end-point} channel-binding data of RFC 5929 section 4.1: the hash of the
 * server certificate's DER encoding, with the hash function of the certificate's signature
 * algorithm, except that MD5 and SHA-1 are replaced by SHA-256. A signature algorithm with no
 * single hash function (Ed25519, Ed448) or an unknown one has no binding: that is an error, as in
 * PostgreSQL's {@code be_tls_get_certificate_hash}.
 */
final class CertificateHash {

  private CertificateHash() {}

  private static final String RSASSA_PSS_OID = "1.2.840.113549.1.1.10";

  /** JDK names such as SHA256withRSA, SHA384withECDSA, SHA3-512withRSA, SHA1withDSA. */
  private static final Pattern HASH_WITH_KEY =
      Pattern.compile("(MD5|SHA1|SHA224|SHA256|SHA384|SHA512|SHA3-224|SHA3-256|SHA3-384|SHA3-512)"
          + "WITH(RSA|ECDSA|DSA)");

  static byte[] tlsServerEndPoint(X509Certificate certificate) {
    Objects.requireNonNull(certificate, "certificate");
    String digest = digestAlgorithm(certificate);
    try {
      return MessageDigest.getInstance(digest).digest(certificate.getEncoded());
    } catch (NoSuchAlgorithmException e) {
      throw new AuthExchangeException(
          "cannot compute tls-server-end-point: the JDK has no " + digest + " digest");
    } catch (CertificateEncodingException e) {
      throw new AuthExchangeException(
          "cannot compute tls-server-end-point: the server certificate has no DER encoding");
    }
  }

  /** The MessageDigest name RFC 5929 section 4.1 selects for {@code certificate}. */
  static String digestAlgorithm(X509Certificate certificate) {
    String name = certificate.getSigAlgName();
    if ("RSASSA-PSS".equalsIgnoreCase(name) || RSASSA_PSS_OID.equals(certificate.getSigAlgOID())) {
      return upgradeWeak(pssDigest(certificate.getSigAlgParams()));
    }
    Matcher m = HASH_WITH_KEY.matcher(name == null ? "" : name.toUpperCase(Locale.ROOT));
    if (!m.matches()) {
      throw new AuthExchangeException(
          "cannot compute tls-server-end-point: the server certificate's signature algorithm "
              + name + " (" + certificate.getSigAlgOID() + ") has no single hash function;"
              + " channel binding is impossible with this certificate");
    }
    String hash = m.group(1);
    return upgradeWeak(hash.startsWith("SHA3-") ? hash : hash.replace("SHA", "SHA-"));
  }

  /** RFC 5929 section 4.1: "if ... MD5 or SHA-1, then use SHA-256". */
  private static String upgradeWeak(String digest) {
    return switch (digest) {
      case "MD5", "SHA-1", "SHA1", "SHA" -> "SHA-256";
      default -> digest;
    };
  }

  /**
   * The hash named by RSASSA-PSS parameters (RFC 4055 section 3.1); absent parameters mean the
   * default, SHA-1.
   */
  private static String pssDigest(byte[] encodedParams) {
    if (encodedParams == null) {
      return "SHA-1";
    }
    try {
      AlgorithmParameters params = AlgorithmParameters.getInstance("RSASSA-PSS");
      params.init(encodedParams);
      return params.getParameterSpec(PSSParameterSpec.class).getDigestAlgorithm();
    } catch (GeneralSecurityException | java.io.IOException e) {
      throw new AuthExchangeException(
          "cannot compute tls-server-end-point: unreadable RSASSA-PSS parameters in the server"
              + " certificate");
    }
  }
}
