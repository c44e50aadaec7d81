package io.sluice.jdbc.dropin;

import io.sluice.ServerException;
import io.sluice.jdbc.internal.DriverSettings;
import io.sluice.jdbc.internal.ColumnSources;
import io.sluice.jdbc.internal.Extension;
import io.sluice.jdbc.internal.GeneratedKeys;
import io.sluice.jdbc.internal.SluiceCallableStatement;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SluicePreparedStatement;
import io.sluice.jdbc.internal.SluiceStatement;
import io.sluice.types.Interval;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.postgresql.PGConnection;
import org.postgresql.PGResultSetMetaData;
import org.postgresql.PGStatement;
import org.postgresql.geometric.PGbox;
import org.postgresql.geometric.PGcircle;
import org.postgresql.geometric.PGline;
import org.postgresql.geometric.PGlseg;
import org.postgresql.geometric.PGpath;
import org.postgresql.geometric.PGpoint;
import org.postgresql.geometric.PGpolygon;
import org.postgresql.util.PGmoney;
import org.postgresql.util.PGInterval;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * pgjdbc's API on Sluice's JDBC objects, found by the driver with {@link java.util.ServiceLoader}
 * when the drop-in is on the path: its errors are {@link PSQLException}s, {@link PGobject}s bind
 * and come back for json, jsonb and unknown types ({@link PGInterval} for interval, pgjdbc's
 * {@code org.postgresql.geometric} classes for point, box, circle, line, lseg, path, polygon), the
 * driver's connections are {@link PGConnection}s ({@link PgjdbcConnection}), statements are
 * {@link PGStatement}s ({@link PgjdbcStatements}), and results' metadata is a {@link PGResultSetMetaData}.
 */
public final class PgjdbcExtension implements Extension {
  /** The geometric types, as pgjdbc reads them: each by its class in {@code org.postgresql.geometric}. */
  private static final Map<String, Class<? extends PGobject>> GEOMETRIC = Map.of("point", PGpoint.class,
      "box", PGbox.class, "circle", PGcircle.class, "line", PGline.class, "lseg", PGlseg.class, "path", PGpath.class,
      "polygon", PGpolygon.class);

  /**
   * What a connection's or statement's pgjdbc view keeps (added data types, thresholds) for as
   * long as the connection or statement lives: the views are made anew at each {@code unwrap}, and
   * the state never refers back to its key, so that it goes with it.
   */
  private final Map<Object, ViewState> states = Collections.synchronizedMap(new WeakHashMap<>());

  @Override
  public SQLException exception(String message, String state, int vendor, Throwable cause) {
    ServerException server = serverError(cause);
    if (server == null) {
      return new PSQLException(message, state, vendor, cause, null);
    }
    ServerErrorMessage fields = new ServerErrorMessage(protocolForm(server.fields()));
    return new PSQLException(fields.toString(), state, vendor, cause, fields);
  }

  private static ServerException serverError(Throwable t) {
    for (; t != null; t = t.getCause()) {
      if (t instanceof ServerException s) {
        return s;
      }
    }
    return null;
  }

  /** The fields as ErrorResponse carries them, which is what pgjdbc's ServerErrorMessage is made from. */
  private static String protocolForm(Map<Character, String> fields) {
    StringBuilder sb = new StringBuilder();
    fields.forEach((code, text) -> sb.append(code).append(text).append('\0'));
    return sb.toString();
  }

  @Override
  public TypedText parameter(Object value) {
    return value instanceof PGobject o ? new TypedText(o.getValue(), o.getType()) : null;
  }

  /** A {@code ByteStreamWriter} binds as its bytes (a bytea), all {@code getLength()} of them. */
  @Override
  public Object value(Object value) throws SQLException {
    if (!(value instanceof org.postgresql.util.ByteStreamWriter w)) {
      return null;
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(Math.max(0, w.getLength()));
    try {
      w.writeTo(() -> out);
    } catch (java.io.IOException e) {
      throw new PSQLException("the ByteStreamWriter failed: " + e.getMessage(), "22023", 0, e, null);
    }
    if (out.size() != w.getLength()) {
      throw new PSQLException("the ByteStreamWriter wrote " + out.size() + " bytes where its length says "
          + w.getLength(), "22023", 0, null, null);
    }
    return out.toByteArray();
  }

  @Override
  public Object columnObject(java.sql.Connection connection, String typeName, Object decoded) throws SQLException {
    Class<? extends PGobject> added = state(connection).dataTypes.get(typeName);
    if (added != null) {
      return ViewState.make(added, typeName, text(decoded));
    }
    Class<? extends PGobject> geometric = GEOMETRIC.get(typeName);
    if (geometric != null) {
      return ViewState.make(geometric, typeName, text(decoded));
    }
    if (decoded instanceof Interval i) {
      return new PGInterval(i.toString());
    }
    if (decoded instanceof String s) {   // a composite or range comes as its text, as pgjdbc reads it
      PGobject o = new PGobject();
      o.setType(typeName);
      o.setValue(s);
      return o;
    }
    return decoded;   // a value of another class Sluice decodes to: kept
  }

  /**
   * pgjdbc answers {@code getObject(i, PGbox.class)} (or {@code PGobject.class}) on SQL NULL with an
   * object of the type's class whose value is null, where plain {@code getObject(i)} is null.
   */
  @Override
  public Object nullObject(String typeName, Class<?> type) throws SQLException {
    if (!PGobject.class.isAssignableFrom(type)) {
      return null;
    }
    Class<? extends PGobject> k = GEOMETRIC.get(typeName);
    if (k == null) {
      k = switch (typeName) {
        case "money" -> PGmoney.class;
        case "interval" -> PGInterval.class;
        default -> PGobject.class;
      };
    }
    return type.isAssignableFrom(k) ? ViewState.make(k, typeName, null) : null;
  }

  /** The pgjdbc class {@code getObject} returns for a value of a built-in type of this name, if it is one of the drop-in's. */
  @Override
  public String className(String typeName) {
    return pgjdbcClass(typeName);
  }

  static String pgjdbcClass(String typeName) {
    Class<? extends PGobject> geometric = GEOMETRIC.get(typeName);
    if (geometric != null) {
      return geometric.getName();
    }
    return switch (typeName) {
      case "json", "jsonb" -> PGobject.class.getName();
      case "interval" -> PGInterval.class.getName();
      default -> null;
    };
  }

  private static String text(Object decoded) {
    return decoded == null ? null : decoded.toString();
  }

  @Override
  public SluiceConnection connection(io.sluice.Connection sluice, DriverSettings settings) {
    return new PgjdbcConnection(sluice, settings, new ViewState());
  }

  @Override
  public SluiceConnection connection(io.sluice.Pool pool, DriverSettings settings, Runnable leave) {
    return new PgjdbcConnection(pool, settings, leave, new ViewState());
  }

  @Override
  public SluiceStatement statement(SluiceConnection c, int type, int concurrency) {
    return new PgjdbcStatements.Plain(c, type, concurrency);
  }

  @Override
  public SluicePreparedStatement prepared(SluiceConnection c, String sql, int type, int concurrency,
      GeneratedKeys keys) throws SQLException {
    return new PgjdbcStatements.Prepared(c, sql, type, concurrency, keys);
  }

  @Override
  public SluiceCallableStatement callable(SluiceConnection c, String sql, int type, int concurrency)
      throws SQLException {
    return new PgjdbcStatements.Callable(c, sql, type, concurrency);
  }

  @Override
  public ResultSetMetaData metaData(ResultSetMetaData own) {
    return own instanceof ColumnSources c ? new PgResultMetaData(own, c) : own;
  }

  @Override
  public <T> T view(java.sql.Wrapper self, Class<T> iface) {
    if (iface == PGConnection.class && self instanceof PGConnection c) {
      return iface.cast(c);   // the driver's own connection is one (PgjdbcConnection)
    }
    if (iface == PGConnection.class && self instanceof java.sql.Connection c) {
      return iface.cast(new PgConnectionView(c, state(c)));
    }
    if (iface == PGStatement.class && self instanceof java.sql.Statement s) {
      return iface.cast(new PgStatementView(state(s)));
    }
    if (iface == PGResultSetMetaData.class && self instanceof ResultSetMetaData m && self instanceof ColumnSources c) {
      return iface.cast(new PgResultMetaData(m, c));
    }
    return null;
  }

  @Override
  public boolean hasView(java.sql.Wrapper self, Class<?> iface) {
    return iface == PGConnection.class && self instanceof java.sql.Connection
        || iface == PGStatement.class && self instanceof java.sql.Statement
        || iface == PGResultSetMetaData.class && self instanceof ResultSetMetaData && self instanceof ColumnSources;
  }

  private ViewState state(Object owner) {
    if (owner instanceof PgjdbcConnection c) {
      return c.state();
    }
    return states.computeIfAbsent(owner, o -> new ViewState());
  }
}
