package io.sluice.jdbc.internal;

import java.sql.ParameterMetaData;
import java.sql.SQLException;

/** A prepared statement's parameters as the server typed them (ParameterDescription). */
final class SluiceParameterMetaData implements ParameterMetaData, SelfWrapper {
  private final int[] oids;
  private final SluiceConnection connection;

  SluiceParameterMetaData(int[] oids, SluiceConnection connection) {
    this.oids = oids;
    this.connection = connection;
  }

  private int oid(int i) throws SQLException {
    if (i < 1 || i > oids.length) {
      throw SqlErrors.of("parameter index " + i + " out of range: the statement has " + oids.length
          + " parameter(s)", "07009");
    }
    return oids[i - 1];
  }

  @Override
  public int getParameterCount() {
    return oids.length;
  }

  @Override
  public int isNullable(int i) throws SQLException {
    oid(i);
    return parameterNullableUnknown;
  }

  @Override
  public boolean isSigned(int i) throws SQLException {
    return JdbcTypes.isSigned(oid(i));
  }

  @Override
  public int getPrecision(int i) throws SQLException {
    return JdbcTypes.precision(oid(i), -1);
  }

  @Override
  public int getScale(int i) throws SQLException {
    return JdbcTypes.scale(oid(i), -1);
  }

  @Override
  public int getParameterType(int i) throws SQLException {
    return connection.typeNames.sqlType(oid(i));
  }

  @Override
  public String getParameterTypeName(int i) throws SQLException {
    return connection.typeNames.name(oid(i));
  }

  @Override
  public String getParameterClassName(int i) throws SQLException {
    JdbcTypes.Type t = JdbcTypes.builtIn(oid(i));
    String extended = Extensions.present() ? Extensions.get().className(connection.typeNames.name(oid(i))) : null;
    if (extended != null) {
      return extended;   // the drop-in's: PGpoint for point, as pgjdbc names it
    }
    return t == null ? Object.class.getName() : t.className();
  }

  @Override
  public int getParameterMode(int i) throws SQLException {
    oid(i);
    return parameterModeIn;
  }
}
