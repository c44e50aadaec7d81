package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Certificates and keys for a test server, made with the {@code openssl} command line.
 *
 * <p>Contract: ECDSA P-256 keys (fast to make; every TLS 1.2/1.3 stack takes them), SHA-256
 * signatures, ten years of validity. The server certificate names only {@code DNS:localhost}
 * — deliberately not {@code 127.0.0.1} — so {@code verify-full} to host {@code localhost}
 * passes and to host {@code 127.0.0.1} fails on the name. The untrusted CA signs nothing that
 * the server uses. Private keys are unencrypted PKCS#8 PEM with mode 0600.
 */
record TlsMaterial(Path caCertificate, Path serverCertificate, Path serverKey, Path untrustedCaCertificate,
    Path clientCertificate, Path clientKey, Path clientKeyStore) {

  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(60);
  private static final String CONFIG = """
      [req]
      distinguished_name = dn
      prompt = no
      [dn]
      CN = unused
      [ca]
      basicConstraints = critical, CA:TRUE
      keyUsage = critical, keyCertSign, cRLSign
      subjectKeyIdentifier = hash
      [server]
      basicConstraints = critical, CA:FALSE
      keyUsage = critical, digitalSignature
      extendedKeyUsage = serverAuth
      subjectAltName = DNS:localhost
      subjectKeyIdentifier = hash
      authorityKeyIdentifier = keyid
      [client]
      basicConstraints = critical, CA:FALSE
      keyUsage = critical, digitalSignature
      extendedKeyUsage = clientAuth
      subjectKeyIdentifier = hash
      authorityKeyIdentifier = keyid
      """;

  /** Makes everything in {@code dir} (which must exist). */
  static TlsMaterial generate(Path dir) {
    try {
      Path config = dir.resolve("openssl.cnf");
      Files.writeString(config, CONFIG);
      Generator g = new Generator(dir, config);
      g.selfSignedCa("ca", "Sluice Test CA");
      g.selfSignedCa("untrusted-ca", "Sluice Untrusted CA");
      g.signed("server", "localhost", "server");
      g.signed("client", TestRoles.CERT, "client");
      Path clientKey = dir.resolve("client.key");
      if (!Files.readString(clientKey).contains("BEGIN PRIVATE KEY")) {
        g.openssl("pkcs8", "-topk8", "-nocrypt", "-in", clientKey.toString(), "-out", dir.resolve("client.pk8").toString());
        Files.move(dir.resolve("client.pk8"), clientKey, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      Path p12 = dir.resolve("client.p12");
      g.openssl("pkcs12", "-export", "-in", dir.resolve("client.crt").toString(), "-inkey", clientKey.toString(),
          "-certfile", dir.resolve("ca.crt").toString(), "-name", TestRoles.CERT,
          "-passout", "pass:" + TestRoles.KEY_STORE_PASSWORD, "-out", p12.toString());
      for (String key : List.of("ca.key", "untrusted-ca.key", "server.key", "client.key", "client.p12")) {
        ServerBinaries.trySetMode(dir.resolve(key), "rw-------");
      }
      return new TlsMaterial(dir.resolve("ca.crt"), dir.resolve("server.crt"), dir.resolve("server.key"),
          dir.resolve("untrusted-ca.crt"), dir.resolve("client.crt"), clientKey, p12);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write TLS files in " + dir, e);
    }
  }

  private record Generator(Path dir, Path config) {
    private static final SecureRandom RANDOM = new SecureRandom();

    void selfSignedCa(String name, String commonName) {
      openssl("req", "-config", config.toString(), "-x509", "-newkey", "ec", "-pkeyopt",
          "ec_paramgen_curve:prime256v1", "-nodes", "-sha256", "-days", "3650", "-extensions", "ca",
          "-subj", "/CN=" + commonName, "-keyout", file(name + ".key"), "-out", file(name + ".crt"));
    }

    void signed(String name, String commonName, String extensions) {
      openssl("req", "-config", config.toString(), "-new", "-newkey", "ec", "-pkeyopt",
          "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=" + commonName,
          "-keyout", file(name + ".key"), "-out", file(name + ".csr"));
      byte[] serial = new byte[8];
      RANDOM.nextBytes(serial);
      serial[0] &= 0x7f; // positive
      openssl("x509", "-req", "-in", file(name + ".csr"), "-CA", file("ca.crt"), "-CAkey", file("ca.key"),
          "-set_serial", "0x" + HexFormat.of().formatHex(serial), "-days", "3650", "-sha256",
          "-extfile", config.toString(), "-extensions", extensions, "-out", file(name + ".crt"));
    }

    void openssl(String... args) {
      List<String> command = new ArrayList<>();
      command.add("openssl");
      command.addAll(List.of(args));
      Commands.run(command, dir, STEP_TIMEOUT).orThrow("openssl " + args[0] + " (needs the Debian package openssl)");
    }

    private String file(String name) {
      return dir.resolve(name).toString();
    }
  }
}
