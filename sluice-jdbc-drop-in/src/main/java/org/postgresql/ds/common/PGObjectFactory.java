package org.postgresql.ds.common;

import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.Reference;
import javax.naming.spi.ObjectFactory;
import org.postgresql.ds.PGConnectionPoolDataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.postgresql.ds.PGXADataSource;

/**
 * pgjdbc's JNDI object factory: builds the data source a {@link BaseDataSource#getReference()}
 * describes (pgjdbc's simple, connection-pool and XA data sources, under their current and their
 * older {@code jdbc2.optional} names). A reference to another class is not ours: null, as JNDI
 * asks of a factory that cannot make the object.
 */
public class PGObjectFactory implements ObjectFactory {
  @Override
  public Object getObjectInstance(Object obj, Name name, Context nameCtx, Hashtable<?, ?> environment) {
    if (!(obj instanceof Reference ref)) {
      return null;
    }
    BaseDataSource ds = switch (ref.getClassName()) {
      case "org.postgresql.ds.PGSimpleDataSource", "org.postgresql.jdbc2.optional.SimpleDataSource",
          "org.postgresql.jdbc3.Jdbc3SimpleDataSource" -> new PGSimpleDataSource();
      case "org.postgresql.ds.PGConnectionPoolDataSource", "org.postgresql.jdbc2.optional.ConnectionPool",
          "org.postgresql.jdbc3.Jdbc3ConnectionPool" -> new PGConnectionPoolDataSource();
      case "org.postgresql.xa.PGXADataSource", "org.postgresql.ds.PGXADataSource" -> new PGXADataSource();
      default -> null;
    };
    if (ds != null) {
      DataSourceReferences.apply(ref, ds);
    }
    return ds;
  }
}
