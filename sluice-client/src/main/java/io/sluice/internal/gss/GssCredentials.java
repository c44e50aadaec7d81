package io.sluice.internal.gss;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether Kerberos credentials may be at hand, told without signing in: what decides whether
 * {@code gssencmode=prefer} (the default) sends a GSSENCRequest at all. libpq asks its GSSAPI
 * library ({@code pg_GSS_have_cred_cache}, a {@code gss_acquire_cred}) on every connection; a JAAS
 * login costs more (it reads the Kerberos configuration, and with a keytab asks the KDC), so the
 * plain case, no ticket cache file and nothing else configured, is answered from the file system
 * and no login is tried. When credentials may exist the login itself is the real test.
 */
public final class GssCredentials {
  private GssCredentials() {}

  /** The JDK's default ticket cache when {@code KRB5CCNAME} is not a file: {@code /tmp/krb5cc_UID}. */
  private static final Path DEFAULT_CACHE = defaultCache();

  /**
   * False when signing in cannot work: no JAAS entry and no keytab are named, and the ticket cache
   * (the one named, else the JDK's default) is no file. True otherwise, also when the default
   * cache's place is unknown on this platform.
   */
  public static boolean mayExist(GssSettings s) {
    if (s.jaasApplicationName() != null || s.keytab() != null) {
      return true;
    }
    Path cache = s.ticketCache() != null ? s.ticketCache() : DEFAULT_CACHE;
    return cache == null || Files.isRegularFile(cache);
  }

  /**
   * {@code /tmp/krb5cc_} and the user id, as the JDK's {@code FileCredentialsCache} names it on
   * Unix-like systems; null elsewhere or when the user id cannot be found.
   */
  private static Path defaultCache() {
    if (System.getProperty("os.name", "").startsWith("Windows")) {
      return null;
    }
    try {
      // com.sun.security.auth.module.UnixSystem (module jdk.security.auth, beside Krb5LoginModule)
      Class<?> unix = Class.forName("com.sun.security.auth.module.UnixSystem");
      Object uid = unix.getMethod("getUid").invoke(unix.getConstructor().newInstance());
      return Path.of("/tmp/krb5cc_" + uid);
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return null;
    }
  }
}
