package io.sluice.internal.config;

import io.sluice.protocol.auth.AuthMethod;
import io.sluice.ConfigException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * libpq's {@code require_auth} (PostgreSQL 16+, docs 32.1.2; parsed in {@code
 * pqConnectOptions2}): a comma-separated list of methods, either all plain (the server must use
 * one of them) or all prefixed with {@code !} (the server must use none of them). {@code none}
 * stands for "no authentication challenge". A repeated method is an error, as a typo in this
 * setting is risky.
 */
final class AuthMethods {
  private AuthMethods() {}

  /** Every method: {@code require_auth} not given. */
  static final Set<AuthMethod> ALL = Collections.unmodifiableSet(EnumSet.allOf(AuthMethod.class));

  /** The methods the server may use. */
  static Set<AuthMethod> allowed(Setting s) {
    String[] items = s.value().split(",", -1);
    boolean negated = items[0].startsWith("!");
    EnumSet<AuthMethod> allowed = negated ? EnumSet.allOf(AuthMethod.class) : EnumSet.noneOf(AuthMethod.class);
    EnumSet<AuthMethod> seen = EnumSet.noneOf(AuthMethod.class);
    for (String item : items) {
      boolean neg = item.startsWith("!");
      String name = neg ? item.substring(1) : item;
      if (neg != negated) {
        throw new ConfigException(
            (neg ? "negative require_auth method " + Excerpt.quoted(name) + " cannot be mixed with non-negative methods"
                : "require_auth method " + Excerpt.quoted(name) + " cannot be mixed with negative methods")
                + " in " + s.where() + " " + Excerpt.quoted(s.value()));
      }
      AuthMethod m = lookup(name);
      if (m == null) {
        throw new ConfigException(
            "invalid require_auth method " + Excerpt.quoted(name) + " in " + s.where()
                + ": expected password, md5, scram-sha-256, gss, sspi, oauth or none,"
                + " each optionally prefixed with \"!\"");
      }
      if (!seen.add(m)) {
        throw new ConfigException(
            "require_auth method " + Excerpt.quoted(item) + " is specified more than once in " + s.where());
      }
      if (negated) {
        allowed.remove(m);
      } else {
        allowed.add(m);
      }
    }
    return Collections.unmodifiableSet(allowed);
  }

  private static AuthMethod lookup(String name) {
    for (AuthMethod m : AuthMethod.values()) {
      if (m.keyword().equals(name)) {
        return m;
      }
    }
    return null;
  }
}
