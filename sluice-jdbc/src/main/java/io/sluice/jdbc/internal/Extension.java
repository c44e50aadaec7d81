package io.sluice.jdbc.internal;

import java.sql.SQLException;

/**
 * What a module on the path may add to the driver's objects, found once with {@link
 * java.util.ServiceLoader}: the drop-in ({@code io.sluice.jdbc.dropin}, the only module this
 * package is exported to) gives them pgjdbc's API, so that code written against pgjdbc finds its
 * classes. Without a provider every method keeps the driver's own behaviour. The methods are
 * called on hot paths only where the driver would otherwise fail or fall back, and must not use
 * the connection they are given except through JDBC.
 */
public interface Extension {
  /** A parameter object the extension knows: its text (null for NULL) and the type it names. */
  record TypedText(String text, String typeName) {}

  /**
   * The exception to throw for an error with these parts, in place of the driver's own {@link
   * java.sql.SQLException} subclass; null to keep the driver's. {@code cause} is the Sluice
   * exception, if one caused it.
   */
  default SQLException exception(String message, String state, int vendor, Throwable cause) {
    return null;
  }

  /** {@code setObject}'s value as text of a named type, if it is of a class the extension knows; else null. */
  default TypedText parameter(Object value) throws SQLException {
    return null;
  }

  /**
   * What {@code getObject} returns for a value of {@code typeName} that the driver would return
   * as decoded ({@code json}, {@code jsonb}, {@code interval}, and types outside the built-in
   * ones): {@code decoded} itself, or the extension's object for it.
   */
  default Object columnObject(java.sql.Connection connection, String typeName, Object decoded) throws SQLException {
    return decoded;
  }

  /**
   * What {@code getObject(i, type)} returns for SQL NULL in a column of {@code typeName}, where the
   * driver returns null: pgjdbc answers the classes of its objects ({@code PGobject} and the ones
   * it registers for a type) with an object whose value is null. Null keeps the driver's null.
   */
  default Object nullObject(String typeName, Class<?> type) throws SQLException {
    return null;
  }

  /**
   * The class the extension's objects for values of {@code typeName} are of (what {@link
   * #columnObject} makes of them), for {@code ParameterMetaData.getParameterClassName}; null where
   * the driver's own answer stands.
   */
  default String className(String typeName) {
    return null;
  }

  /**
   * A connection over one Sluice session, of a subclass that also implements the extension's
   * interfaces (so that code casting to them works, as it does with pgjdbc's classes); null for
   * the driver's own class.
   */
  default SluiceConnection connection(io.sluice.Connection sluice, DriverSettings settings) {
    return null;
  }

  /**
   * As {@link #connection(io.sluice.Connection, DriverSettings)}, for a connection over a routing
   * pool; {@code leave} (may be null) is to run once, when it closes.
   */
  default SluiceConnection connection(io.sluice.Pool pool, DriverSettings settings, Runnable leave) {
    return null;
  }

  /**
   * A parameter of a class of the extension's that Sluice binds as another value (the drop-in:
   * pgjdbc's {@code ByteStreamWriter}, as its bytes); null when {@code value} is not one.
   */
  default Object value(Object value) throws SQLException {
    return null;
  }

  /**
   * A plain statement of {@code c}: Sluice's own, or the extension's subclass, which also
   * implements its interfaces (code casting a statement to pgjdbc's {@code PGStatement} works).
   */
  default SluiceStatement statement(SluiceConnection c, int type, int concurrency) {
    return new SluiceStatement(c, type, concurrency);
  }

  /** A prepared statement of {@code c}, made as {@link #statement}. */
  default SluicePreparedStatement prepared(SluiceConnection c, String sql, int type, int concurrency,
      GeneratedKeys keys) throws SQLException {
    return new SluicePreparedStatement(c, sql, type, concurrency, keys);
  }

  /** A callable statement of {@code c}, made as {@link #statement}. */
  default SluiceCallableStatement callable(SluiceConnection c, String sql, int type, int concurrency)
      throws SQLException {
    return new SluiceCallableStatement(c, sql, type, concurrency);
  }

  /**
   * A result's metadata as {@code getMetaData} returns it: {@code own} itself, or an object that
   * answers as it does and also implements the extension's interface (so that code casting to it
   * works, as with pgjdbc's classes), unwrapping to {@code own}'s interfaces.
   */
  default java.sql.ResultSetMetaData metaData(java.sql.ResultSetMetaData own) {
    return own;
  }

  /** {@code self} (a driver connection or statement) seen as {@code iface}, or null if the extension has no such view. */
  default <T> T view(java.sql.Wrapper self, Class<T> iface) throws SQLException {
    return null;
  }

  /** Whether {@link #view} has a view of {@code self} as {@code iface}. */
  default boolean hasView(java.sql.Wrapper self, Class<?> iface) {
    return false;
  }
}
