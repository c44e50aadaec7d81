package io.sluice.protocol.auth;

import java.util.Arrays;
import java.util.Objects;

/**
 * The channel-binding choice of a SCRAM client, which fixes the GS2 header (RFC 5802 section 7,
 * {@code gs2-cbind-flag}), the mechanism name, and the {@code c=} attribute of the client-final
 * message. PostgreSQL supports only the {@code tls-server-end-point} binding type (RFC 5929
 * section 4), computed from the server's certificate with
 * {@link ScramSha256#tlsServerEndPoint(java.security.cert.X509Certificate)}.
 *
 * <p>Immutable; the binding data is copied in and out.
 */
public final class ChannelBinding {

  /** The three GS2 channel-binding flags. */
  public enum Kind {
    /** {@code n}: the client does not support channel binding (e.g. no TLS). */
    NOT_SUPPORTED,
    /**
     * {@code y}: the client supports channel binding but the server did not offer
     * SCRAM-SHA-256-PLUS. A server that did offer it treats this as a downgrade attack.
     */
    SUPPORTED_NOT_OFFERED,
    /** {@code p=tls-server-end-point}: bound to the server certificate's hash. */
    TLS_SERVER_END_POINT
  }

  private static final ChannelBinding NONE = new ChannelBinding(Kind.NOT_SUPPORTED, new byte[0]);
  private static final ChannelBinding NOT_OFFERED =
      new ChannelBinding(Kind.SUPPORTED_NOT_OFFERED, new byte[0]);

  private final Kind kind;
  private final byte[] data;

  private ChannelBinding(Kind kind, byte[] data) {
    this.kind = kind;
    this.data = data;
  }

  /** GS2 flag {@code n}: no channel binding; mechanism SCRAM-SHA-256. */
  public static ChannelBinding none() {
    return NONE;
  }

  /** GS2 flag {@code y}: could bind, but the server offered no -PLUS; mechanism SCRAM-SHA-256. */
  public static ChannelBinding supportedNotOffered() {
    return NOT_OFFERED;
  }

  /**
   * GS2 flag {@code p=tls-server-end-point} with the RFC 5929 certificate hash as binding data;
   * mechanism SCRAM-SHA-256-PLUS.
   *
   * @throws IllegalArgumentException if {@code certificateHash} is empty
   */
  public static ChannelBinding tlsServerEndPoint(byte[] certificateHash) {
    Objects.requireNonNull(certificateHash, "certificateHash");
    if (certificateHash.length == 0) {
      throw new IllegalArgumentException("tls-server-end-point binding data is empty");
    }
    return new ChannelBinding(Kind.TLS_SERVER_END_POINT, certificateHash.clone());
  }

  public Kind kind() {
    return kind;
  }

  /** The SASL mechanism name this choice goes with. */
  public String mechanism() {
    return kind == Kind.TLS_SERVER_END_POINT ? ScramSha256.MECHANISM_PLUS : ScramSha256.MECHANISM;
  }

  /** The GS2 header, authorization identity empty as PostgreSQL requires: e.g. {@code "n,,"}. */
  public String gs2Header() {
    return switch (kind) {
      case NOT_SUPPORTED -> "n,,";
      case SUPPORTED_NOT_OFFERED -> "y,,";
      case TLS_SERVER_END_POINT -> "p=tls-server-end-point,,";
    };
  }

  /** The binding data ({@code cbind-data}); empty unless {@link Kind#TLS_SERVER_END_POINT}. */
  public byte[] data() {
    return data.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChannelBinding other
        && kind == other.kind
        && Arrays.equals(data, other.data);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "ChannelBinding[" + kind + (data.length == 0 ? "" : ", " + data.length + " bytes") + "]";
  }
}
