package org.postgresql.ds.common;

import java.util.Arrays;
import java.util.stream.Collectors;
import javax.naming.RefAddr;
import javax.naming.Reference;
import javax.naming.StringRefAddr;

/**
 * A pgjdbc data source as a JNDI {@link Reference} and back, for application servers that bind
 * data sources in a naming context: one string address per bean property ({@code serverName} and
 * {@code portNumber} comma-separated, {@code databaseName}, {@code user}, {@code password}, {@code
 * loginTimeout}, and each connection parameter under its own name), built again by {@link
 * PGObjectFactory}, as pgjdbc's references are.
 */
final class DataSourceReferences {
  private static final java.util.Set<String> BEAN = java.util.Set.of("serverName", "portNumber", "databaseName",
      "user", "password", "loginTimeout", "url");

  private DataSourceReferences() {}

  static Reference of(BaseDataSource ds) {
    Reference ref = new Reference(ds.getClass().getName(), PGObjectFactory.class.getName(), null);
    String[] servers = ds.getServerNames();
    if (servers != null) {
      ref.add(new StringRefAddr("serverName", String.join(",", servers)));
      ref.add(new StringRefAddr("portNumber",
          Arrays.stream(ds.getPortNumbers()).mapToObj(Integer::toString).collect(Collectors.joining(","))));
    } else if (ds.urlSetWhole() != null) {
      ref.add(new StringRefAddr("url", ds.urlSetWhole()));
    }
    add(ref, "databaseName", ds.getDatabaseName());
    add(ref, "user", ds.getUser());
    add(ref, "password", ds.getPassword());
    if (ds.getLoginTimeout() > 0) {
      ref.add(new StringRefAddr("loginTimeout", Integer.toString(ds.getLoginTimeout())));
    }
    for (String name : ds.propertyNames()) {
      if (!BEAN.contains(name)) {
        add(ref, name, ds.getProperty(name));
      }
    }
    return ref;
  }

  private static void add(Reference ref, String name, String value) {
    if (value != null) {
      ref.add(new StringRefAddr(name, value));
    }
  }

  /** Sets {@code ds}'s bean properties from {@code ref}'s addresses. */
  static void apply(Reference ref, BaseDataSource ds) {
    String url = value(ref, "url");
    if (url != null) {
      ds.setURL(url);
    }
    String servers = value(ref, "serverName");
    if (servers != null) {
      ds.setServerNames(servers.split(","));
    }
    String ports = value(ref, "portNumber");
    if (ports != null) {
      try {
        ds.setPortNumbers(Arrays.stream(ports.split(",")).mapToInt(p -> Integer.parseInt(p.trim())).toArray());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("the reference's portNumber is no list of numbers: " + ports, e);
      }
    }
    ds.setDatabaseName(value(ref, "databaseName"));
    ds.setUser(value(ref, "user"));
    ds.setPassword(value(ref, "password"));
    String timeout = value(ref, "loginTimeout");
    if (timeout != null) {
      ds.setLoginTimeout(Integer.parseInt(timeout.trim()));
    }
    for (int i = 0; i < ref.size(); i++) {
      RefAddr a = ref.get(i);
      if (!BEAN.contains(a.getType()) && a.getContent() != null) {
        ds.setProperty(a.getType(), a.getContent().toString());
      }
    }
  }

  private static String value(Reference ref, String name) {
    RefAddr a = ref.get(name);
    return a == null || a.getContent() == null ? null : a.getContent().toString();
  }
}
