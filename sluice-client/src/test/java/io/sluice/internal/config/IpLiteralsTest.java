package io.sluice.internal.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IpLiteralsTest {
  @ParameterizedTest
  @ValueSource(strings = {"0.0.0.0", "127.0.0.1", "255.255.255.255", "10.1.2.3"})
  void validIpv4(String s) {
    assertTrue(IpLiterals.isIpv4(s));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1..2.3", "a.b.c.d", "1.2.3.4 ", "-1.2.3.4"})
  void invalidIpv4(String s) {
    assertFalse(IpLiterals.isIpv4(s));
  }

  @ParameterizedTest
  @ValueSource(strings = {"::", "::1", "1::", "2001:db8::1234", "fe80::1%eth0", "1:2:3:4:5:6:7:8",
      "::ffff:192.0.2.1", "1:2:3:4:5:6:1.2.3.4", "ABCD:ef01::", "1::8"})
  void validIpv6(String s) {
    assertTrue(IpLiterals.isIpv6(s), s);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", ":", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1::2::3", "12345::", "g::1",
      "::1%", "1:2:3:4:5:6:7:8::", ":1::", "::1.2.3", "1.2.3.4", "fe80::1%a b", "[::1]"})
  void invalidIpv6(String s) {
    assertFalse(IpLiterals.isIpv6(s), s);
  }
}
