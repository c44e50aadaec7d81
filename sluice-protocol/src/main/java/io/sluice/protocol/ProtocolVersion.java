package io.sluice.protocol;

/**
 * Protocol version numbers and the special request codes sent in place of a version in the first
 * message of a connection (PostgreSQL {@code src/include/libpq/pqcomm.h}).
 */
public final class ProtocolVersion {
  private ProtocolVersion() {}

  /** Protocol 3.0: every server since 7.4. */
  public static final int V3_0 = (3 << 16);
  /** Protocol 3.2: PostgreSQL 18 (variable-length cancel keys). There is no 3.1. */
  public static final int V3_2 = (3 << 16) | 2;
  /** {@code CANCEL_REQUEST_CODE}: 1234 in the high half, 5678 in the low half. */
  public static final int CANCEL_REQUEST_CODE = (1234 << 16) | 5678;
  /** {@code NEGOTIATE_SSL_CODE}. */
  public static final int SSL_REQUEST_CODE = (1234 << 16) | 5679;
  /** {@code NEGOTIATE_GSS_CODE}. */
  public static final int GSSENC_REQUEST_CODE = (1234 << 16) | 5680;

  public static int major(int version) {
    return version >>> 16;
  }

  public static int minor(int version) {
    return version & 0xFFFF;
  }

  public static String toString(int version) {
    return major(version) + "." + minor(version);
  }
}
