package io.sluice.jdbc.internal;

import io.sluice.jdbc.SluiceDataSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.OAuthTokenSupplier;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** OAuth's JDBC-style names become libpq's keywords; the token supplier travels with the data source. */
class OAuthParametersTest {
  private static DriverSettings parse(String url, String... props) {
    return DriverSettingsTest.parse(url, props);
  }

  @Test
  void camelCaseAndLibpqNamesAreMapped() {
    DriverSettings s = parse("jdbc:postgresql://db/app?user=u&oauthIssuer=https://auth.sluice.test&oauthScope=openid",
        "oauthClientId", "app", "oauthClientSecret", "s3cr3t-v4lue");
    assertEquals(Optional.of("https://auth.sluice.test"), s.config().get("oauth_issuer"));
    assertEquals(Optional.of("openid"), s.config().get("oauth_scope"));
    assertEquals(Optional.of("app"), s.config().get("oauth_client_id"));
    assertEquals(Optional.of("s3cr3t-v4lue"), s.config().get("oauth_client_secret"));
    assertFalse(s.config().toString().contains("s3cr3t-v4lue"), s.config().toString());
    DriverSettings libpq = parse("jdbc:postgresql://db/app?user=u&oauth_issuer=https://auth.sluice.test");
    assertEquals(Optional.of("https://auth.sluice.test"), libpq.config().get("oauth_issuer"));
  }

  @Test
  void theDataSourceCarriesTheTokenSupplier() {
    SluiceDataSource ds = new SluiceDataSource();
    ds.setUrl("jdbc:postgresql://db/app?user=u&oauthIssuer=https://auth.sluice.test");
    OAuthTokenSupplier supplier = r -> "token";
    ds.setOAuthTokenSupplier(supplier);
    assertSame(supplier, ds.getOAuthTokenSupplier());
    assertSame(supplier, ds.connectionConfig().oauthTokenSupplier().orElseThrow());
    ds.setOAuthTokenSupplier(null);
    assertTrue(ds.connectionConfig().oauthTokenSupplier().isEmpty());
  }
}
