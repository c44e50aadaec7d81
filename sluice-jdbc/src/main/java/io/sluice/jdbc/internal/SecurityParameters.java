package io.sluice.jdbc.internal;

import io.sluice.ConfigException;
import java.util.Map;
import java.util.Set;

/**
 * pgjdbc's security parameters that Sluice cannot take as they are. None is accepted and ignored:
 * a setting that asks for protection either works or the connection is refused, naming it (an
 * ignored {@code gssEncMode=require} would have sent the session in plaintext where encryption was
 * required). What each becomes:
 *
 * <ul>
 *   <li>{@code gssEncMode}: libpq's {@code gssencmode}. {@code disable}, {@code prefer} and {@code
 *       require} as they are; pgjdbc's {@code allow}, which never sends a GSSENCRequest (pgjdbc's
 *       {@code enableGSSEncrypted} returns at once for it, as for {@code disable}), becomes {@code
 *       disable}, so that a migrated application's sessions stay as they were. Without the
 *       property, libpq's default {@code prefer} applies.
 *   <li>{@code sslNegotiation}: libpq's {@code sslnegotiation} ({@code postgres}, {@code direct}).
 *   <li>{@code sslfactory}, {@code sslfactoryarg}, {@code sslhostnameverifier}, {@code
 *       sslpasswordcallback}, {@code authenticationPluginClassName}: classes pgjdbc instantiates
 *       from a property (the root of CVE-2022-21724). Sluice loads no class named in a property:
 *       refused, with the libpq setting that does the same job where there is one.
 *   <li>{@code logServerErrorDetail=false}: Sluice's messages carry the server's DETAIL (which
 *       may show values of the row): refused rather than leak what was asked to be hidden.
 * </ul>
 *
 * Kerberos sign-in's {@code kerberosServerName}, {@code jaasApplicationName} and {@code gsslib}
 * are honoured ({@link GssParameters}); {@code jaasLogin}, {@code useSpnego} and {@code
 * sspiServiceClass} only choose how pgjdbc runs that sign-in (Sluice always logs in with JAAS and
 * never uses SSPI or SPNEGO): they are accepted ({@link PgjdbcParameters#NO_EFFECT}) and cannot weaken
 * anything.
 */
final class SecurityParameters {
  static final Set<String> NAMES = Set.of("gssEncMode", "sslNegotiation", "sslfactory", "sslfactoryarg",
      "sslhostnameverifier", "sslpasswordcallback", "authenticationPluginClassName", "logServerErrorDetail");

  private SecurityParameters() {}

  /** Applies parameter {@code name} (one of {@link #NAMES}) to the libpq keywords, or refuses it. */
  static void apply(String name, String value, Map<String, String> keywords) {
    switch (name) {
      case "gssEncMode" -> gssEncMode(value, keywords);
      case "sslNegotiation" -> keywords.put("sslnegotiation", value);
      case "logServerErrorDetail" -> {
        if (!value.equalsIgnoreCase("true")) {
          throw new ConfigException("logServerErrorDetail=" + DriverSettings.quoted(value) + " is not supported: Sluice's error messages"
              + " include the server's DETAIL; refusing to connect rather than show what was asked to be hidden");
        }
      }
      default -> throw new ConfigException(name + " is not supported: Sluice loads no class named in a connection"
          + " property (pgjdbc CVE-2022-21724); " + instead(value));
    }
  }

  private static void gssEncMode(String value, Map<String, String> keywords) {
    switch (value) {
      case "disable", "prefer", "require" -> keywords.put("gssencmode", value);
      case "allow" -> keywords.put("gssencmode", "disable");
      default -> throw new ConfigException("invalid value " + DriverSettings.quoted(value)
          + " for gssEncMode: expected disable, allow, prefer or require");
    }
  }

  /** What to configure in place of pgjdbc's class {@code value}. */
  private static String instead(String value) {
    return switch (value) {
      case "org.postgresql.ssl.NonValidatingFactory" ->
          "for TLS without checking the server's certificate use sslmode=require";
      case "org.postgresql.ssl.DefaultJavaSSLFactory" ->
          "for the JDK's trusted certificate authorities use sslrootcert=system (with sslmode=verify-full)";
      default -> "use sslmode, sslrootcert, sslcert, sslkey and sslpassword (as libpq), or a password supplier";
    };
  }
}
