package io.sluice.internal.net;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/** Reads the PEM files libpq accepts: certificates, and private keys in PKCS#8 or PKCS#1 form. */
final class Pem {
  private Pem() {}

  static List<X509Certificate> certificates(Path file) throws IOException, GeneralSecurityException {
    CertificateFactory cf = CertificateFactory.getInstance("X.509");
    List<X509Certificate> out = new ArrayList<>();
    try (var in = new ByteArrayInputStream(Files.readAllBytes(file))) {
      for (var c : cf.generateCertificates(in)) {
        out.add((X509Certificate) c);
      }
    }
    if (out.isEmpty()) {
      throw new GeneralSecurityException("no certificate found in " + file);
    }
    return out;
  }

  static PrivateKey privateKey(Path file, char[] password) throws IOException, GeneralSecurityException {
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    if (text.contains("-----BEGIN PRIVATE KEY-----")) {
      return pkcs8(block(text, "PRIVATE KEY", file));
    }
    if (text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")) {
      if (password == null) {
        throw new GeneralSecurityException("the key in " + file + " is encrypted and no sslpassword was given");
      }
      EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(block(text, "ENCRYPTED PRIVATE KEY", file));
      SecretKeyFactory f = SecretKeyFactory.getInstance(info.getAlgName());
      Cipher c = Cipher.getInstance(info.getAlgName());
      c.init(Cipher.DECRYPT_MODE, f.generateSecret(new PBEKeySpec(password)), info.getAlgParameters());
      return pkcs8(info.getKeySpec(c).getEncoded());
    }
    if (text.contains("-----BEGIN RSA PRIVATE KEY-----")) {
      if (text.contains("Proc-Type: 4,ENCRYPTED")) {
        throw new GeneralSecurityException("the key in " + file
            + " uses legacy OpenSSL encryption; convert it with 'openssl pkcs8 -topk8'");
      }
      return pkcs8(rsaPkcs1ToPkcs8(block(text, "RSA PRIVATE KEY", file)));
    }
    throw new GeneralSecurityException("no PKCS#8 or RSA private key found in " + file
        + " (convert other forms with 'openssl pkcs8 -topk8 -nocrypt')");
  }

  private static byte[] block(String text, String label, Path file) throws GeneralSecurityException {
    String begin = "-----BEGIN " + label + "-----";
    String end = "-----END " + label + "-----";
    int b = text.indexOf(begin);
    int e = text.indexOf(end, b);
    if (b < 0 || e < 0) {
      throw new GeneralSecurityException("malformed PEM block " + label + " in " + file);
    }
    String body = text.substring(b + begin.length(), e).replaceAll("\\s+", "");
    try {
      return Base64.getDecoder().decode(body);
    } catch (IllegalArgumentException ex) {
      throw new GeneralSecurityException("bad base64 in PEM block " + label + " in " + file, ex);
    }
  }

  private static PrivateKey pkcs8(byte[] der) throws GeneralSecurityException {
    PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
    GeneralSecurityException last = null;
    for (String alg : new String[] {"RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS"}) {
      try {
        return KeyFactory.getInstance(alg).generatePrivate(spec);
      } catch (InvalidKeySpecException e) {
        last = e;
      }
    }
    throw new GeneralSecurityException("unsupported private key algorithm", last);
  }

  /** Wraps a PKCS#1 RSAPrivateKey in a PKCS#8 PrivateKeyInfo (RFC 5208) with rsaEncryption. */
  static byte[] rsaPkcs1ToPkcs8(byte[] pkcs1) {
    byte[] algorithm = {0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d,
        0x01, 0x01, 0x01, 0x05, 0x00};
    byte[] version = {0x02, 0x01, 0x00};
    byte[] octets = der(0x04, pkcs1);
    byte[] body = new byte[version.length + algorithm.length + octets.length];
    System.arraycopy(version, 0, body, 0, version.length);
    System.arraycopy(algorithm, 0, body, version.length, algorithm.length);
    System.arraycopy(octets, 0, body, version.length + algorithm.length, octets.length);
    return der(0x30, body);
  }

  private static byte[] der(int tag, byte[] content) {
    int n = content.length;
    byte[] len;
    if (n < 0x80) {
      len = new byte[] {(byte) n};
    } else if (n < 0x100) {
      len = new byte[] {(byte) 0x81, (byte) n};
    } else if (n < 0x10000) {
      len = new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
    } else {
      len = new byte[] {(byte) 0x83, (byte) (n >> 16), (byte) (n >> 8), (byte) n};
    }
    byte[] out = new byte[1 + len.length + n];
    out[0] = (byte) tag;
    System.arraycopy(len, 0, out, 1, len.length);
    System.arraycopy(content, 0, out, 1 + len.length, n);
    return out;
  }
}
