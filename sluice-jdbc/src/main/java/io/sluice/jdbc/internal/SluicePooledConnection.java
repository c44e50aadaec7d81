package io.sluice.jdbc.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.ConnectionEvent;
import javax.sql.ConnectionEventListener;
import javax.sql.PooledConnection;
import javax.sql.StatementEventListener;

/**
 * A physical connection for a pool ({@link javax.sql.ConnectionPoolDataSource}): {@link
 * #getConnection()} hands out a handle whose {@code close()} gives the connection back (the pool
 * hears {@code connectionClosed}) instead of closing it; an error that ends the connection (SQLSTATE
 * class 08, or 57P0x) is reported as {@code connectionErrorOccurred}. One handle at a time: a new
 * one closes the previous one, as JDBC 4.3 section 11.4 asks. The handle is a {@link Proxy}, so
 * that every {@link Connection} method reaches the physical connection unchanged.
 */
public final class SluicePooledConnection implements PooledConnection {
  private final SluiceConnection physical;
  private final List<ConnectionEventListener> listeners = new CopyOnWriteArrayList<>();
  private final List<StatementEventListener> statementListeners = new CopyOnWriteArrayList<>();
  private Handle handle;

  public SluicePooledConnection(SluiceConnection physical) {
    this.physical = physical;
  }

  @Override
  public synchronized Connection getConnection() throws SQLException {
    physical.checkOpen();
    if (handle != null) {
      handle.closed = true;
    }
    handle = new Handle();
    return (Connection) Proxy.newProxyInstance(physical.getClass().getClassLoader(), handleInterfaces(), handle);
  }

  /** {@code st}, whose {@code getConnection} answers {@code handle}; every other call reaches {@code st}. */
  private static java.sql.Statement handleStatement(java.sql.Statement st, Connection handle) {
    InvocationHandler h = (proxy, m, args) -> {
      switch (m.getName()) {
        case "getConnection" -> {
          if (m.getParameterCount() == 0) {
            return handle;
          }
        }
        case "equals" -> {
          return proxy == args[0];
        }
        case "hashCode" -> {
          return System.identityHashCode(proxy);
        }
        default -> { }
      }
      try {
        return m.invoke(st, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
    return (java.sql.Statement) Proxy.newProxyInstance(st.getClass().getClassLoader(),
        STATEMENT_INTERFACES.get(st.getClass()), h);
  }

  /**
   * {@link Connection}, and the other public API the physical connection implements (the drop-in's
   * is a pgjdbc {@code PGConnection}), so that code casting a pooled handle works as it does on
   * pgjdbc's; the driver's own mix-ins, in packages no module exports, are left out.
   */
  private Class<?>[] handleInterfaces() {
    return publicInterfaces(physical.getClass(), Connection.class);
  }

  /** Per class, as {@link #publicInterfaces}: statements are made often, their classes are few. */
  private static final ClassValue<Class<?>[]> STATEMENT_INTERFACES = new ClassValue<>() {
    @Override
    protected Class<?>[] computeValue(Class<?> type) {
      return publicInterfaces(type, java.sql.Statement.class);
    }
  };

  /**
   * {@code first}, then the exported public interfaces {@code type} implements, also through an
   * interface that is not exported (the drop-in's statements are {@code PGStatement}s through one).
   */
  private static Class<?>[] publicInterfaces(Class<?> type, Class<?> first) {
    java.util.Set<Class<?>> all = new java.util.LinkedHashSet<>();
    all.add(first);
    for (Class<?> k = type; k != null; k = k.getSuperclass()) {
      addInterfaces(k.getInterfaces(), all);
    }
    return all.toArray(Class<?>[]::new);
  }

  private static void addInterfaces(Class<?>[] interfaces, java.util.Set<Class<?>> all) {
    for (Class<?> i : interfaces) {
      if (java.lang.reflect.Modifier.isPublic(i.getModifiers()) && i.getModule().isExported(i.getPackageName())) {
        all.add(i);
      }
      addInterfaces(i.getInterfaces(), all);
    }
  }

  @Override
  public void close() throws SQLException {
    synchronized (this) {
      if (handle != null) {
        handle.closed = true;
      }
    }
    physical.close();
  }

  @Override
  public void addConnectionEventListener(ConnectionEventListener l) {
    listeners.add(l);
  }

  @Override
  public void removeConnectionEventListener(ConnectionEventListener l) {
    listeners.remove(l);
  }

  /** Kept for the interface; this driver has no statement pool to report on. */
  @Override
  public void addStatementEventListener(StatementEventListener l) {
    statementListeners.add(l);
  }

  @Override
  public void removeStatementEventListener(StatementEventListener l) {
    statementListeners.remove(l);
  }

  private static boolean endsConnection(SQLException e) {
    String state = e.getSQLState();
    return state != null && (state.startsWith("08") || state.startsWith("57P0"));
  }

  /** One logical connection over the physical one. */
  private final class Handle implements InvocationHandler {
    volatile boolean closed;

    @Override
    public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
      switch (m.getName()) {
        case "close" -> {
          if (!closed) {
            closed = true;
            if (physical.isClosed()) {
              ended(SqlErrors.of("the connection ended while in use", "08003"));
            } else {
              ConnectionEvent ev = new ConnectionEvent(SluicePooledConnection.this);
              listeners.forEach(l -> l.connectionClosed(ev));
            }
          }
          return null;
        }
        case "isClosed" -> {
          return closed || physical.isClosed();
        }
        case "equals" -> {
          return proxy == args[0];
        }
        case "hashCode" -> {
          return System.identityHashCode(proxy);
        }
        case "toString" -> {
          return "handle of " + physical + (closed ? " (closed)" : "");
        }
        default -> { }
      }
      if (closed) {
        throw SqlErrors.of("this connection handle was closed (its connection went back to the pool)", "08003");
      }
      try {
        Object r = m.invoke(physical, args);
        // JDBC 4.3 section 11.4: a statement of a pooled connection gives the handle as its
        // connection, so that getConnection().close() returns it to the pool, not closes it
        return r instanceof java.sql.Statement st ? handleStatement(st, (Connection) proxy) : r;
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof SQLException x && endsConnection(x)) {
          ended(x);
        }
        throw cause;
      }
    }

    private void ended(SQLException x) {
      ConnectionEvent ev = new ConnectionEvent(SluicePooledConnection.this, x);
      listeners.forEach(l -> l.connectionErrorOccurred(ev));
    }
  }
}
