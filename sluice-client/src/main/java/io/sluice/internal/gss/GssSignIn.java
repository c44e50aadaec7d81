package io.sluice.internal.gss;

import io.sluice.AuthenticationException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import org.ietf.jgss.GSSContext;
import org.ietf.jgss.GSSCredential;
import org.ietf.jgss.GSSException;
import org.ietf.jgss.GSSManager;
import org.ietf.jgss.GSSName;
import org.ietf.jgss.Oid;

/**
 * One GSSAPI (Kerberos V5) sign-in, as the client side of PostgreSQL's AuthenticationGSS /
 * AuthenticationGSSContinue exchange (backend {@code pg_GSS_recvauth}, libpq {@code
 * pg_GSS_startup} and {@code pg_GSS_continue}): a JAAS login gives a {@link Subject} holding the
 * user's Kerberos credentials, then a security context with mutual authentication to the host-based
 * service {@code krbsrvname@host} is stepped with the server's tokens until it is established.
 *
 * <p>The credentials come from, in this order: the application's own JAAS entry ({@code
 * jaas_application_name}); a keytab ({@code gss_keytab}, principal {@code gss_principal} or the
 * user name); the ticket cache ({@code gss_ticket_cache}, else {@code KRB5CCNAME}, else the JDK's
 * default). Sluice never prompts for a password. Nothing secret is logged or put in a message.
 */
public final class GssSignIn {
  /** The Kerberos V5 mechanism, RFC 1964. */
  private static final String KRB5_MECHANISM = "1.2.840.113554.1.2.2";
  private static final String KRB5_LOGIN_MODULE = "com.sun.security.auth.module.Krb5LoginModule";
  private static final CallbackHandler NO_PROMPT = GssSignIn::refuseCallbacks;

  private final Subject subject;
  private final GSSContext context;
  private final GssFailures failures;

  private GssSignIn(Subject subject, GSSContext context, GssFailures failures) {
    this.subject = subject;
    this.context = context;
    this.failures = failures;
  }

  /**
   * Logs in and prepares the security context for service {@code settings.serviceName()} on
   * {@code host}; nothing is sent yet.
   *
   * @throws AuthenticationException saying what is missing (no ticket, no keytab, no Kerberos
   *     configuration, ...)
   */
  public static GssSignIn start(GssSettings settings, String host, String user) {
    return start(settings, host, user, false);
  }

  /**
   * As {@link #start(GssSettings, String, String)}, for GSS encryption when {@code encrypt}: the
   * context then also asks for confidentiality, integrity, replay and sequence detection, the
   * flags libpq's {@code pqsecure_open_gss} requires ({@code GSS_REQUIRED_FLAGS}); {@link
   * #requireProtection()} checks the server granted them.
   */
  public static GssSignIn start(GssSettings settings, String host, String user, boolean encrypt) {
    GssFailures failures = new GssFailures(settings, host, user);
    Subject subject = login(settings, user, failures);
    String service = settings.serviceName() + "@" + host;
    try {
      GSSManager manager = GSSManager.getInstance();
      Oid krb5 = new Oid(KRB5_MECHANISM);
      GSSName server = manager.createName(service, GSSName.NT_HOSTBASED_SERVICE);
      GSSContext context = as(subject, () -> {
        GSSCredential credential =
            manager.createCredential(null, GSSCredential.DEFAULT_LIFETIME, krb5, GSSCredential.INITIATE_ONLY);
        GSSContext c = manager.createContext(server, krb5, credential, GSSContext.DEFAULT_LIFETIME);
        c.requestMutualAuth(true);
        if (encrypt) {
          c.requestConf(true);
          c.requestInteg(true);
          c.requestReplayDet(true);
          c.requestSequenceDet(true);
        }
        return c;
      });
      return new GssSignIn(subject, context, failures);
    } catch (GSSException e) {
      throw failures.of(e);
    }
  }

  /**
   * The next token for the server, from the server's last one ({@code null} at the start); an
   * empty array when there is nothing to send.
   */
  public byte[] step(byte[] fromServer) {
    if (context.isEstablished()) {
      throw new AuthenticationException("the server sent GSSAPI data after the security context was established");
    }
    byte[] in = fromServer == null ? new byte[0] : fromServer;
    try {
      byte[] out = as(subject, () -> context.initSecContext(in, 0, in.length));
      return out == null ? new byte[0] : out;
    } catch (GSSException e) {
      dispose();
      throw failures.of(e);
    } catch (RuntimeException e) {
      dispose();
      throw e;
    }
  }

  /** Whether the exchange is complete: the server proved it holds the service principal's key. */
  public boolean isEstablished() {
    return context.isEstablished();
  }

  /**
   * After the context is established for encryption: refuses it unless the server proved its
   * identity and the context protects every message with confidentiality and integrity (libpq
   * refuses a packet without confidentiality; here it is refused before any is sent).
   */
  public void requireProtection() {
    if (!context.getMutualAuthState() || !context.getConfState() || !context.getIntegState()) {
      String missing = (context.getMutualAuthState() ? "" : " mutual authentication,")
          + (context.getConfState() ? "" : " confidentiality,") + (context.getIntegState() ? "" : " integrity,");
      dispose();
      throw new AuthenticationException("GSS encryption refused: the security context with \""
          + failures.service() + "\" does not offer" + missing + " which GSS encryption requires");
    }
  }

  /** The established security context, for the encrypted transport's wrap and unwrap. */
  public GSSContext context() {
    return context;
  }

  /**
   * Releases the security context (its keys); idempotent. Ask {@link #isEstablished()} before: a
   * released context is not established. A failed {@link #step} releases it itself.
   */
  public void dispose() {
    try {
      context.dispose();
    } catch (GSSException ignored) {
      // nothing held that outlives this object
    }
  }

  private static Subject login(GssSettings settings, String user, GssFailures failures) {
    try {
      LoginContext login;
      if (settings.jaasApplicationName() != null) {
        login = new LoginContext(settings.jaasApplicationName(), new Subject(), NO_PROMPT);
      } else {
        Map<String, String> options = new HashMap<>();
        options.put("doNotPrompt", "true");
        options.put("isInitiator", "true");
        if (settings.keytab() != null) {
          options.put("useKeyTab", "true");
          options.put("keyTab", settings.keytab().toString());
          options.put("principal", settings.principal() != null ? settings.principal() : user);
          options.put("storeKey", "false");
        } else {
          options.put("useTicketCache", "true");
          if (settings.ticketCache() != null) {
            options.put("ticketCache", settings.ticketCache().toString());
          }
          if (settings.principal() != null) {
            options.put("principal", settings.principal());
          }
        }
        AppConfigurationEntry entry = new AppConfigurationEntry(KRB5_LOGIN_MODULE,
            AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, options);
        login = new LoginContext("sluice", new Subject(), NO_PROMPT, new Configuration() {
          @Override
          public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
            return new AppConfigurationEntry[] {entry};
          }
        });
      }
      login.login();
      return login.getSubject();
    } catch (LoginException | SecurityException e) {
      throw failures.ofLogin(e);
    }
  }

  private interface GssAction<T> {
    T run() throws GSSException;
  }

  /** Runs {@code action} with {@code subject}'s credentials (JGSS reads them from the current subject). */
  private static <T> T as(Subject subject, GssAction<T> action) throws GSSException {
    try {
      return Subject.callAs(subject, action::run);
    } catch (CompletionException e) {
      if (e.getCause() instanceof GSSException g) {
        throw g;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new AuthenticationException("GSSAPI sign-in failed: " + e.getCause(), e.getCause());
    }
  }

  private static void refuseCallbacks(Callback[] callbacks) throws UnsupportedCallbackException {
    throw new UnsupportedCallbackException(callbacks[0], "Sluice does not prompt for Kerberos passwords");
  }
}
