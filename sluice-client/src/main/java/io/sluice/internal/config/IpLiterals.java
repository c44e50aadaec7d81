package io.sluice.internal.config;

/**
 * Syntax checks for numeric IP addresses, without any name look-up ({@code hostaddr} must be
 * numeric: libpq passes it to {@code getaddrinfo} with {@code AI_NUMERICHOST}). Java 21 has no
 * look-up-free parser ({@code InetAddress.ofLiteral} is Java 22), hence these.
 */
final class IpLiterals {
  private IpLiterals() {}

  /** Dotted-quad IPv4, each part 0 to 255 in decimal, no leading zeros except "0" itself. */
  static boolean isIpv4(String s) {
    String[] parts = s.split("\\.", -1);
    if (parts.length != 4) {
      return false;
    }
    for (String p : parts) {
      if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return false;
      }
      if ((p.length() > 1 && p.charAt(0) == '0') || Integer.parseInt(p) > 255) {
        return false;
      }
    }
    return true;
  }

  /**
   * RFC 4291 section 2.2 text form: eight groups of 1-4 hex digits, one {@code ::} standing for
   * one or more zero groups, optionally an IPv4 dotted quad as the last 32 bits, optionally a
   * {@code %zone} suffix (RFC 4007; for link-local addresses).
   */
  static boolean isIpv6(String s) {
    int pct = s.indexOf('%');
    if (pct >= 0) {
      String zone = s.substring(pct + 1);
      if (zone.isEmpty() || !zone.chars().allMatch(c -> c > ' ' && c < 127)) {
        return false;
      }
      s = s.substring(0, pct);
    }
    int dc = s.indexOf("::");
    if (dc >= 0 && s.indexOf("::", dc + 1) >= 0) {
      return false;
    }
    int groups = 0;
    String[] halves = dc >= 0 ? new String[] {s.substring(0, dc), s.substring(dc + 2)} : new String[] {s};
    for (int h = 0; h < halves.length; h++) {
      if (halves[h].isEmpty()) {
        continue;
      }
      String[] parts = halves[h].split(":", -1);
      for (int i = 0; i < parts.length; i++) {
        String p = parts[i];
        boolean last = h == halves.length - 1 && i == parts.length - 1;
        if (last && p.indexOf('.') >= 0) {
          if (!isIpv4(p)) {
            return false;
          }
          groups += 2;
        } else if (p.isEmpty() || p.length() > 4 || !p.chars().allMatch(IpLiterals::isHex)) {
          return false;
        } else {
          groups++;
        }
      }
    }
    return dc >= 0 ? groups <= 7 : groups == 8;
  }

  private static boolean isHex(int c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }
}
