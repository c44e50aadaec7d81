package io.sluice.protocol.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OAuthBearerTest {

  @Test
  void initialResponseFieldByField() {
    byte[] expected = {
        'n', ',', ',',                                   // gs2 header: no channel binding, no authzid
        0x01,                                            // kvsep
        'a', 'u', 't', 'h', '=',                         // key "auth"
        'B', 'e', 'a', 'r', 'e', 'r', ' ',               // scheme, one space
        'a', 'B', '9', '-', '.', '_', '~', '+', '/', '=', // b64token
        0x01,                                            // end of the pair
        0x01,                                            // end of the list
    };
    assertArrayEquals(expected, OAuthBearer.initialResponse("aB9-._~+/="));
  }

  @Test
  void discoveryResponseHasAnEmptyAuthValue() {
    assertArrayEquals(new byte[] {'n', ',', ',', 1, 'a', 'u', 't', 'h', '=', 1, 1}, OAuthBearer.discoveryResponse());
    assertArrayEquals(new byte[] {1}, OAuthBearer.failureAck());
  }

  @Test
  void tokensOutsideB64TokenAreRefusedWithoutQuotingThem() {
    for (String bad : new String[] {"", "sec ret", "=secret", "sec=ret", "sec\u0001ret", "s\u00e9cret", "secret\n"}) {
      AuthExchangeException e = assertThrows(AuthExchangeException.class, () -> OAuthBearer.initialResponse(bad));
      assertFalse(e.getMessage().contains("sec"), e.getMessage());
    }
    OAuthBearer.checkToken("abc==");
  }

  @Test
  void parsesPostgresqlsErrorObject() {
    // as auth-oauth.c generate_error_response writes it
    byte[] json = ("{ \"status\": \"invalid_token\", \"openid-configuration\": "
        + "\"https://auth.sluice.test/realm/.well-known/openid-configuration\", \"scope\": \"openid db\" }")
        .getBytes(StandardCharsets.UTF_8);
    OAuthBearer.ServerError e = OAuthBearer.parseError(json);
    assertEquals("invalid_token", e.status());
    assertEquals("openid db", e.scope());
    assertEquals("https://auth.sluice.test/realm", e.issuer());
  }

  @Test
  void unknownMembersAreIgnoredAndEscapesDecoded() {
    OAuthBearer.ServerError e = OAuthBearer.parseError(
        "{\"x\":{\"y\":[1,-2.5e3,true,null,\"s\"]},\"status\":\"a\\u0062\\\"c\"}".getBytes(StandardCharsets.UTF_8));
    assertEquals("ab\"c", e.status());
    assertNull(e.scope());
    assertNull(e.issuer());
  }

  @Test
  void malformedErrorsAreRefused() {
    for (String bad : new String[] {"", "{", "{}", "[]", "{\"status\":1}", "{\"status\":\"a\",\"status\":\"b\"}",
        "{\"status\":\"a\"}x", "{\"status\":\"a\",}", "{\"status\":\"a\" \"scope\":\"b\"}", "{\"a\":01,\"status\":\"a\"}",
        "{\"a\":[[[[[[[[[]]]]]]]]],\"status\":\"a\"}", "{\"status\":\"a\u0001\"}"}) {
      assertThrows(AuthExchangeException.class, () -> OAuthBearer.parseError(bad.getBytes(StandardCharsets.UTF_8)), bad);
    }
    assertThrows(AuthExchangeException.class, () -> OAuthBearer.parseError(new byte[] {'{', (byte) 0xC3, '}'}));
  }

  @Test
  void issuerOfWellKnownUris() {
    assertEquals("https://a.test", OAuthBearer.issuerOf("https://a.test/.well-known/openid-configuration"));
    assertEquals("https://a.test/t1", OAuthBearer.issuerOf("https://a.test/t1/.well-known/openid-configuration"));
    // RFC 8414: the well-known segment first, then the issuer's path
    assertEquals("https://a.test/t1", OAuthBearer.issuerOf("https://a.test/.well-known/oauth-authorization-server/t1"));
    assertNull(OAuthBearer.issuerOf("http://a.test/.well-known/openid-configuration"));
    assertNull(OAuthBearer.issuerOf("https://a.test/.well-known/openid-configuration?x=1"));
    assertNull(OAuthBearer.issuerOf("https://a.test/.well-known/openid-configuration-bad"));
    assertNull(OAuthBearer.issuerOf("https://a.test/x/.well-known/openid-configuration/y"));
    assertNull(OAuthBearer.issuerOf("https://a.test/realm"));
    assertTrue(OAuthBearer.MECHANISM.equals("OAUTHBEARER"));
  }
}
