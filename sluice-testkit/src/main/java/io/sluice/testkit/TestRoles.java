package io.sluice.testkit;

/**
 * The roles a prepared {@link PostgresServer} has, one per authentication path, with their
 * passwords. Each role has its own {@code pg_hba.conf} rules (see {@link PostgresServer}):
 *
 * <table>
 *   <caption>role → rule</caption>
 *   <tr><th>role</th><th>Unix socket</th><th>TCP without TLS</th><th>TCP with TLS</th></tr>
 *   <tr><td>{@link #SUPERUSER}</td><td>trust</td><td>trust</td><td>trust</td></tr>
 *   <tr><td>{@link #TRUST}</td><td>trust</td><td>trust</td><td>trust</td></tr>
 *   <tr><td>{@link #CLEAR}</td><td>password</td><td>password</td><td>password</td></tr>
 *   <tr><td>{@link #MD5}</td><td>md5</td><td>md5</td><td>md5</td></tr>
 *   <tr><td>{@link #SCRAM}</td><td>scram-sha-256</td><td>scram-sha-256</td><td>scram-sha-256</td></tr>
 *   <tr><td>{@link #SSL_ONLY}</td><td>reject</td><td>reject</td><td>scram-sha-256</td></tr>
 *   <tr><td>{@link #NO_SSL}</td><td>scram-sha-256</td><td>scram-sha-256</td><td>reject</td></tr>
 *   <tr><td>{@link #CERT}</td><td>reject</td><td>reject</td><td>cert (client certificate CN = role)</td></tr>
 *   <tr><td>any other role</td><td>scram-sha-256</td><td>scram-sha-256</td><td>scram-sha-256</td></tr>
 * </table>
 *
 * <p>{@link #MD5}'s password is stored as an MD5 hash (the {@code md5} method needs that); the
 * others are stored as SCRAM verifiers, which the {@code password} method also accepts.
 */
public final class TestRoles {
  /** The bootstrap superuser ({@code initdb -U}). */
  public static final String SUPERUSER = "sluice";
  /** The database every prepared server has, owned by {@link #SUPERUSER}. */
  public static final String DATABASE = "sluice";

  public static final String TRUST = "sluice_trust";

  public static final String CLEAR = "sluice_clear";
  public static final String CLEAR_PASSWORD = "clear-secret";

  public static final String MD5 = "sluice_md5";
  public static final String MD5_PASSWORD = "md5-secret";

  public static final String SCRAM = "sluice_scram";
  public static final String SCRAM_PASSWORD = "scram-secret";

  public static final String SSL_ONLY = "sluice_sslonly";
  public static final String SSL_ONLY_PASSWORD = "sslonly-secret";

  public static final String NO_SSL = "sluice_nossl";
  public static final String NO_SSL_PASSWORD = "nossl-secret";

  /** Authenticates with the client certificate {@link PostgresServer#clientCertificate()}. */
  public static final String CERT = "sluice_cert";

  /** The password of {@link PostgresServer#clientKeyStore()}. */
  public static final String KEY_STORE_PASSWORD = "changeit";

  private TestRoles() {}
}
