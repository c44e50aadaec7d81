package io.sluice.internal.net;

import java.nio.file.Path;

/**
 * What a TLS handshake must check and present, derived from libpq's {@code sslmode},
 * {@code sslrootcert}, {@code sslcert}, {@code sslkey} and {@code sslpassword}.
 *
 * @param verifyChain check the server's certificate chain against {@code rootCert} (verify-ca)
 * @param verifyHostname also check that the certificate names the host (verify-full)
 * @param rootCert PEM file of trusted CA certificates; {@code null} with {@code systemRoots}
 * @param systemRoots trust the JDK's default CA store ({@code sslrootcert=system})
 * @param clientCert PEM certificate chain to present, or a PKCS#12 file; may be {@code null}
 * @param clientKey PEM private key (PKCS#8 or PKCS#1 RSA) for {@code clientCert}; may be {@code null}
 * @param keyPassword password of an encrypted key or PKCS#12 file; may be {@code null}
 * @param direct {@code sslnegotiation=direct}: TLS at once, with ALPN {@code postgresql}
 */
public record TlsSettings(boolean verifyChain, boolean verifyHostname, Path rootCert, boolean systemRoots,
    Path clientCert, Path clientKey, char[] keyPassword, boolean direct) {

  @Override
  public String toString() {
    return "TlsSettings[verifyChain=" + verifyChain + ", verifyHostname=" + verifyHostname
        + ", rootCert=" + rootCert + ", systemRoots=" + systemRoots + ", clientCert=" + clientCert
        + ", clientKey=" + clientKey + ", keyPassword=" + (keyPassword == null ? "none" : "***")
        + ", direct=" + direct + "]";
  }
}
