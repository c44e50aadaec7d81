package io.sluice.internal.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Turns a TCP transport into TLS. Certificate checks follow libpq's {@code sslmode}: {@code
 * require} and weaker encrypt without checking; {@code verify-ca} checks the chain; {@code
 * verify-full} checks the chain and that the certificate names the host we connected to (by DNS
 * name or IP address, RFC 6125 rules as for HTTPS), on every TLS path.
 */
public final class TlsUpgrade {
  private TlsUpgrade() {}

  /** ALPN protocol name PostgreSQL 17+ requires for direct TLS. */
  public static final String ALPN = "postgresql";

  /** Performs the handshake over {@code tcp}; on failure the socket is closed. */
  public static SocketTransport handshake(SocketTransport tcp, String host, TlsSettings settings)
      throws IOException, GeneralSecurityException {
    SSLContext ctx = context(settings);
    SSLSocket ssl = (SSLSocket) ctx.getSocketFactory().createSocket(tcp.socket, host, tcp.socket.getPort(), true);
    try {
      SSLParameters params = ssl.getSSLParameters();
      params.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
      if (settings.verifyHostname()) {
        params.setEndpointIdentificationAlgorithm("HTTPS");
      }
      if (settings.direct()) {
        params.setApplicationProtocols(new String[] {ALPN});
      }
      ssl.setSSLParameters(params);
      ssl.startHandshake();
      if (settings.direct() && !ALPN.equals(ssl.getApplicationProtocol())) {
        throw new GeneralSecurityException("the server did not accept ALPN protocol '" + ALPN
            + "' for direct TLS (sslnegotiation=direct needs PostgreSQL 17 or newer)");
      }
      return new SocketTransport(ssl, tcp.socket, tcp.describe() + " tls " + ssl.getSession().getProtocol());
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      try {
        ssl.close();
      } catch (IOException ignored) {
        // already failing
      }
      throw e;
    }
  }

  static SSLContext context(TlsSettings s) throws IOException, GeneralSecurityException {
    TrustManager[] trust;
    if (!s.verifyChain()) {
      trust = new TrustManager[] {new TrustEverything()};
    } else if (s.systemRoots()) {
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init((KeyStore) null);
      trust = tmf.getTrustManagers();
    } else {
      KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
      ks.load(null, null);
      List<X509Certificate> roots = Pem.certificates(s.rootCert());
      for (int i = 0; i < roots.size(); i++) {
        ks.setCertificateEntry("root" + i, roots.get(i));
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ks);
      trust = tmf.getTrustManagers();
    }
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(keyManagers(s), trust, null);
    return ctx;
  }

  private static KeyManager[] keyManagers(TlsSettings s) throws IOException, GeneralSecurityException {
    if (s.clientCert() == null || !Files.isReadable(s.clientCert())) {
      return null;
    }
    char[] pw = s.keyPassword() == null ? new char[0] : s.keyPassword();
    KeyStore ks;
    String name = s.clientCert().getFileName().toString().toLowerCase(java.util.Locale.ROOT);
    if (name.endsWith(".p12") || name.endsWith(".pfx")) {
      ks = KeyStore.getInstance("PKCS12");
      try (var in = Files.newInputStream(s.clientCert())) {
        ks.load(in, pw);
      }
    } else {
      if (s.clientKey() == null || !Files.isReadable(s.clientKey())) {
        throw new GeneralSecurityException("sslcert " + s.clientCert() + " is given but its key (sslkey) "
            + (s.clientKey() == null ? "is not" : s.clientKey() + " cannot be read"));
      }
      Path keyFile = s.clientKey();
      PrivateKey key = Pem.privateKey(keyFile, s.keyPassword());
      List<X509Certificate> chain = Pem.certificates(s.clientCert());
      ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      ks.setKeyEntry("client", key, pw, chain.toArray(new X509Certificate[0]));
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, pw);
    return kmf.getKeyManagers();
  }

  /** sslmode=require and weaker: encryption without authentication of the server, as libpq. */
  private static final class TrustEverything implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
      throw new CertificateException("not a server");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
      // deliberately accepts: the user asked for encryption only
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
