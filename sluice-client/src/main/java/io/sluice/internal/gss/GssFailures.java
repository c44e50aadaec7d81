package io.sluice.internal.gss;

import io.sluice.AuthenticationException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ietf.jgss.GSSException;

/**
 * Turns what the JDK's Kerberos throws into messages that say what is missing. The JDK reports a
 * KDC's answer as a {@code KrbException} inside the {@code GSSException} or {@code LoginException},
 * its message ending in the Kerberos error code (RFC 4120 section 7.5.9), e.g. "Server not found
 * in Kerberos database (7)"; the major status of the {@code GSSException} tells the rest. The
 * message keeps the JDK's own words at its end, so nothing is lost; it never holds a key or
 * password (the JDK's messages do not carry them).
 */
final class GssFailures {
  /** KDC_ERR_C_PRINCIPAL_UNKNOWN. */
  static final int CLIENT_UNKNOWN = 6;
  /** KDC_ERR_S_PRINCIPAL_UNKNOWN. */
  static final int SERVER_UNKNOWN = 7;
  /** KDC_ERR_PREAUTH_FAILED: wrong password or key. */
  static final int PREAUTH_FAILED = 24;
  /** KRB_AP_ERR_TKT_EXPIRED. */
  static final int TICKET_EXPIRED = 32;
  /** KRB_AP_ERR_SKEW. */
  static final int CLOCK_SKEW = 37;
  /** KRB_AP_ERR_MODIFIED: the service's key is not the one the ticket was made for. */
  static final int MODIFIED = 41;

  /** A protocol error code in parentheses; ASN.1 decoding codes (900s) are not of this kind. */
  private static final Pattern CODE = Pattern.compile("\\((\\d{1,2})\\)");

  private final GssSettings settings;
  private final String host;
  private final String user;

  GssFailures(GssSettings settings, String host, String user) {
    this.settings = settings;
    this.host = host;
    this.user = user;
  }

  /** A failed JAAS login: no credentials to start with. */
  AuthenticationException ofLogin(Exception e) {
    String detail = chain(e);
    String what;
    if (settings.jaasApplicationName() != null) {
      what = detail.contains("No LoginModules configured")
          ? "the JAAS configuration has no entry \"" + settings.jaasApplicationName() + "\" (jaas_application_name;"
              + " the file named by java.security.auth.login.config)"
          : "the JAAS login with entry \"" + settings.jaasApplicationName() + "\" (jaas_application_name) failed";
    } else if (settings.keytab() != null) {
      String principal = settings.principal() != null ? settings.principal() : user;
      what = switch (code(e)) {
        case CLIENT_UNKNOWN -> "the KDC does not know principal \"" + principal + "\" (gss_principal, else the user name)";
        case PREAUTH_FAILED -> "the key in keytab " + settings.keytab() + " for \"" + principal
            + "\" is not the KDC's (an old key version?)";
        case CLOCK_SKEW -> skew();
        default -> detail.contains("Unable to obtain password")
            ? "keytab " + settings.keytab() + " holds no key for principal \"" + principal
                + "\" or cannot be read (gss_keytab, gss_principal)"
            : "could not sign in to Kerberos with keytab " + settings.keytab() + " as \"" + principal + "\"";
      };
    } else if (noConfiguration(detail)) {
      what = noConfiguration();
    } else {
      what = "no Kerberos ticket: " + cacheName() + " holds no valid ticket-granting ticket (none, or expired):"
          + " run kinit, or give a keytab (gss_keytab and gss_principal)";
    }
    return new AuthenticationException("GSSAPI sign-in failed: " + what + " [" + detail + "]", e);
  }

  /** A failure while making or stepping the security context with the server's service. */
  AuthenticationException of(GSSException e) {
    String detail = chain(e);
    String what = switch (code(e)) {
      case SERVER_UNKNOWN -> "the KDC does not know the server's service principal \"" + settings.serviceName() + "/"
          + host + "\": check krbsrvname (here \"" + settings.serviceName() + "\") and that the host name \"" + host
          + "\" is the one in the server's keytab";
      case CLOCK_SKEW -> skew();
      case TICKET_EXPIRED -> "the Kerberos ticket has expired: run kinit again";
      case MODIFIED -> "the server's key for \"" + settings.serviceName() + "/" + host + "\" is not the KDC's"
          + " (the server's keytab, krb_server_keyfile, is out of date)";
      default -> {
        if (noConfiguration(detail)) {
          yield noConfiguration();
        }
        if (detail.contains("Cannot contact any KDC") || detail.contains("timed out")
            || detail.contains("Connection refused")) {
          yield "cannot reach the KDC named in the Kerberos configuration";
        }
        yield switch (e.getMajor()) {
          case GSSException.NO_CRED -> "no usable Kerberos credentials for \"" + user + "\"";
          case GSSException.BAD_NAME, GSSException.BAD_NAMETYPE -> "\"" + settings.serviceName() + "@" + host
              + "\" is not a usable service name (krbsrvname)";
          case GSSException.BAD_MECH -> "this JDK offers no Kerberos V5 mechanism";
          case GSSException.DEFECTIVE_TOKEN, GSSException.BAD_MIC ->
              "the server's GSSAPI token is not valid: it could not prove it is \"" + settings.serviceName() + "/"
                  + host + "\"";
          default -> "the Kerberos exchange with \"" + settings.serviceName() + "/" + host + "\" failed ("
              + e.getMajorString() + ")";
        };
      }
    };
    return new AuthenticationException("GSSAPI sign-in failed: " + what + " [" + detail + "]", e);
  }

  /** The service principal's name as the messages show it, {@code postgres/host}. */
  String service() {
    return settings.serviceName() + "/" + host;
  }

  private String cacheName() {
    return settings.ticketCache() != null
        ? "ticket cache " + settings.ticketCache()
        : "the default ticket cache (KRB5CCNAME unset or not a FILE: cache)";
  }

  private static String skew() {
    return "this machine's clock and the KDC's or server's differ by more than Kerberos allows"
        + " (clockskew, 5 minutes by default): synchronise the clocks";
  }

  private static boolean noConfiguration(String detail) {
    return detail.contains("Cannot locate default realm") || detail.contains("krb5.conf");
  }

  private static String noConfiguration() {
    return "no Kerberos configuration: point system property java.security.krb5.conf at a krb5.conf"
        + " naming the realm and its KDC (the JDK reads /etc/krb5.conf otherwise)";
  }

  /** The first Kerberos error code in the messages of the cause chain, outermost first, or -1. */
  static int code(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      String m = c.getMessage();
      if (m != null) {
        Matcher x = CODE.matcher(m);
        if (x.find()) {
          return Integer.parseInt(x.group(1));
        }
      }
    }
    return -1;
  }

  /** The distinct messages of the cause chain, outermost first. */
  static String chain(Throwable t) {
    List<String> parts = new ArrayList<>();
    for (Throwable c = t; c != null && parts.size() < 6; c = c.getCause()) {
      String m = c.getMessage();
      if (m != null && !m.isBlank() && parts.stream().noneMatch(p -> p.contains(m))) {
        parts.add(m.strip());
      }
    }
    return String.join(": ", parts);
  }
}
