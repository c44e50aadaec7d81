package io.sluice.types;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * An inet or cidr value: an address and a prefix length (32 or 128 for a single host). Addresses
 * are made from bytes, never by name, so nothing here ever does a DNS lookup; an IPv4-mapped IPv6
 * address ({@code ::ffff:1.2.3.4}) stays an {@link Inet6Address}.
 */
public record Inet(InetAddress address, int prefixLength) {
  public Inet {
    Objects.requireNonNull(address, "address");
    int max = address.getAddress().length * 8;
    if (prefixLength < 0 || prefixLength > max) {
      throw new CodecException("inet: prefix length " + prefixLength + " is outside [0, " + max + "]");
    }
  }

  /** A single host: prefix 32 for IPv4, 128 for IPv6. */
  public Inet(InetAddress address) {
    this(address, address.getAddress().length * 8);
  }

  /** Parses {@code 192.168.0.1}, {@code 10.0.0.0/8}, {@code ::ffff:1.2.3.4/120}: literals only. */
  public static Inet parse(String text) {
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
    return parse(new TextCursor("inet", b, 0, b.length));
  }

  static Inet parse(TextCursor c) {
    int slash = -1;
    for (int i = c.pos; i < c.end; i++) {
      if (c.buf[i] == '/') {
        slash = i;
        break;
      }
    }
    int addrEnd = slash < 0 ? c.end : slash;
    boolean v6 = false;
    for (int i = c.pos; i < addrEnd; i++) {
      v6 |= c.buf[i] == ':';
    }
    byte[] bytes = v6 ? v6(c, addrEnd) : v4(c, addrEnd);
    int prefix = bytes.length * 8;
    if (slash >= 0) {
      c.expect('/');
      prefix = (int) c.digits(1, 3);
      if (prefix > bytes.length * 8) {
        throw c.fail("prefix length " + prefix + " too large");
      }
    }
    c.expectEnd();
    return new Inet(address(bytes), prefix);
  }

  static InetAddress address(byte[] bytes) {
    try {
      return bytes.length == 16 ? Inet6Address.getByAddress(null, bytes, -1) : InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new CodecException("inet: address of " + bytes.length + " bytes", e);
    }
  }

  private static byte[] v4(TextCursor c, int end) {
    byte[] out = new byte[4];
    for (int i = 0; i < 4; i++) {
      if (i > 0) {
        c.expect('.');
      }
      long v = c.digits(1, 3);
      if (v > 255) {
        throw c.fail("octet " + v + " over 255");
      }
      out[i] = (byte) v;
    }
    if (c.pos != end) {
      throw c.fail("not an IPv4 address");
    }
    return out;
  }

  private static byte[] v6(TextCursor c, int end) {
    int[] words = new int[8];
    int n = 0;
    int gap = -1;
    if (c.peek() == ':') {
      c.expect(':');
      c.expect(':');
      gap = 0;
    }
    while (c.pos < end) {
      int start = c.pos;
      int w = 0;
      int digits = 0;
      while (c.pos < end && Character.digit(c.peek(), 16) >= 0 && digits < 5) {
        w = (w << 4) | Character.digit(c.next(), 16);
        digits++;
      }
      if (c.peek() == '.' && n <= 6) {
        c.pos = start; // an embedded IPv4 address ends the IPv6 one
        byte[] v4 = v4(c, end);
        words[n++] = ((v4[0] & 0xFF) << 8) | (v4[1] & 0xFF);
        words[n++] = ((v4[2] & 0xFF) << 8) | (v4[3] & 0xFF);
        break;
      }
      if (digits == 0 || digits > 4 || n == 8) {
        throw c.fail("not an IPv6 address");
      }
      words[n++] = w;
      if (c.pos < end) {
        c.expect(':');
        if (c.peek() == ':' && gap < 0) {
          c.next();
          gap = n;
        } else if (c.pos == end) {
          throw c.fail("not an IPv6 address");
        }
      }
    }
    if (gap < 0 ? n != 8 : n > 7) {
      throw c.fail("not an IPv6 address");
    }
    byte[] out = new byte[16];
    int shift = 8 - n;
    for (int i = 0; i < n; i++) {
      int at = gap >= 0 && i >= gap ? i + shift : i;
      out[2 * at] = (byte) (words[i] >> 8);
      out[2 * at + 1] = (byte) words[i];
    }
    return out;
  }

  /** The address as PostgreSQL prints it ({@code inet_net_ntop}): {@code ::1}, {@code ::ffff:1.2.3.4}. */
  static String addressText(InetAddress address) {
    byte[] b = address.getAddress();
    if (address instanceof Inet4Address) {
      return (b[0] & 0xFF) + "." + (b[1] & 0xFF) + "." + (b[2] & 0xFF) + "." + (b[3] & 0xFF);
    }
    int[] w = new int[8];
    for (int i = 0; i < 8; i++) {
      w[i] = ((b[2 * i] & 0xFF) << 8) | (b[2 * i + 1] & 0xFF);
    }
    // The longest run of two or more zero words is written as "::", the first one on a tie.
    int best = -1;
    int bestLen = 0;
    for (int i = 0; i < 8; ) {
      if (w[i] != 0) {
        i++;
        continue;
      }
      int j = i;
      while (j < 8 && w[j] == 0) {
        j++;
      }
      if (j - i > bestLen) {
        best = i;
        bestLen = j - i;
      }
      i = j;
    }
    if (bestLen < 2) {
      best = -1;
    }
    StringBuilder sb = new StringBuilder(40);
    for (int i = 0; i < 8; i++) {
      if (i == best) {
        sb.append(':');
        i += bestLen - 1;
        if (i == 7) {
          sb.append(':');
        }
        continue;
      }
      if (i > 0) {
        sb.append(':');
      }
      // IPv4-compatible (::a.b.c.d) and IPv4-mapped (::ffff:a.b.c.d) addresses end in dotted form.
      if (i == 6 && best == 0 && (bestLen == 6 || (bestLen == 5 && w[5] == 0xFFFF))) {
        sb.append(b[12] & 0xFF).append('.').append(b[13] & 0xFF).append('.').append(b[14] & 0xFF)
            .append('.').append(b[15] & 0xFF);
        break;
      }
      sb.append(Integer.toHexString(w[i]));
    }
    return sb.toString();
  }

  /** PostgreSQL's inet text: the address, and {@code /prefix} unless it is a single host. */
  @Override
  public String toString() {
    String a = addressText(address);
    return prefixLength == address.getAddress().length * 8 ? a : a + "/" + prefixLength;
  }
}
