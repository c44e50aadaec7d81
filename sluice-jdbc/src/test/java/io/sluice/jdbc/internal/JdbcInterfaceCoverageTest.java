package io.sluice.jdbc.internal;

import io.sluice.jdbc.OneConnection;
import io.sluice.jdbc.SluiceConnectionPoolDataSource;
import io.sluice.jdbc.SluiceDataSource;
import io.sluice.jdbc.SluiceDriver;
import io.sluice.jdbc.SluicePoolDataSource;
import io.sluice.jdbc.TestDatabase;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.PoolOptions;
import io.sluice.testkit.ServerTest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.ConnectionPoolDataSource;
import javax.sql.DataSource;
import javax.sql.PooledConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every method of the {@code java.sql} and {@code javax.sql} interfaces the driver implements is
 * answered by the driver itself: implemented, or refused with a {@link
 * SQLFeatureNotSupportedException} whose message names the method and gives a {@link Refusal}
 * reason. Run on a newer JDK, this is what notices a method the JDK added: a default that refuses
 * without saying why (or, were one ever added abstract, an AbstractMethodError waiting for the
 * first caller).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class JdbcInterfaceCoverageTest extends OneConnection {
  /**
   * The JDK defaults the driver keeps, each right as it is: the request bounds are hints for
   * pools that a driver without request state may ignore; the quoting helpers quote as
   * PostgreSQL reads SQL with standard_conforming_strings on, its default since 9.1.
   */
  private static final Set<String> JDK_DEFAULTS_KEPT = Set.of("Connection.beginRequest", "Connection.endRequest",
      "Statement.enquoteLiteral", "Statement.enquoteIdentifier", "Statement.isSimpleIdentifier",
      "Statement.enquoteNCharLiteral");

  static Stream<Arguments> surfaces() {
    return Stream.of(
        Arguments.of(Connection.class, SluiceConnection.class),
        Arguments.of(Statement.class, SluiceStatement.class),
        Arguments.of(PreparedStatement.class, SluicePreparedStatement.class),
        Arguments.of(CallableStatement.class, SluiceCallableStatement.class),
        Arguments.of(ResultSet.class, SluiceResultSet.class),
        Arguments.of(ResultSetMetaData.class, SluiceResultSetMetaData.class),
        Arguments.of(DatabaseMetaData.class, SluiceDatabaseMetaData.class),
        Arguments.of(ParameterMetaData.class, SluiceParameterMetaData.class),
        Arguments.of(java.sql.Array.class, SluiceArray.class),
        Arguments.of(java.sql.Blob.class, LargeObjectBlob.class),
        Arguments.of(java.sql.NClob.class, LargeObjectClob.class),
        Arguments.of(java.sql.SQLXML.class, SqlXml.class),
        Arguments.of(java.sql.Savepoint.class, JdbcSavepoint.class),
        Arguments.of(Driver.class, SluiceDriver.class),
        Arguments.of(DataSource.class, SluiceDataSource.class),
        Arguments.of(DataSource.class, SluicePoolDataSource.class),
        Arguments.of(ConnectionPoolDataSource.class, SluiceConnectionPoolDataSource.class),
        Arguments.of(PooledConnection.class, SluicePooledConnection.class));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("surfaces")
  void everyMethodIsAnsweredByTheDriver(Class<?> api, Class<?> driverClass) throws NoSuchMethodException {
    assertTrue(api.isAssignableFrom(driverClass));
    List<String> problems = new ArrayList<>();
    for (Method m : api.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      Method answer = driverClass.getMethod(m.getName(), m.getParameterTypes());
      Class<?> owner = answer.getDeclaringClass();
      String name = owner.getSimpleName() + "." + m.getName();
      if (Modifier.isAbstract(answer.getModifiers())) {
        problems.add(name + " has no implementation: calling it is an AbstractMethodError");
      } else if (!owner.getPackageName().startsWith("io.sluice.jdbc") && !JDK_DEFAULTS_KEPT.contains(name)) {
        problems.add(name + " is the JDK's default: implement it, or refuse it with a Refusal");
      }
      if (Modifier.isPublic(driverClass.getModifiers()) && !Modifier.isPublic(owner.getModifiers())) {
        problems.add(name + " is declared in a type that is not public: reflection through "
            + driverClass.getSimpleName() + " from another package cannot call it");
      }
    }
    assertEquals(List.of(), problems, driverClass.getSimpleName());
  }

  @Test
  void everyRefusalNamesItsMethodAndItsReason() throws Exception {
    Set<Refusal> given = EnumSet.noneOf(Refusal.class);
    SluiceDataSource dataSource = new SluiceDataSource();
    dataSource.setUrl(TestDatabase.url());
    try (Statement statement = c.createStatement();
        PreparedStatement prepared = c.prepareStatement("select ?");
        CallableStatement callable = c.prepareCall("{? = call abs(?)}");
        ResultSet result = statement.executeQuery("select 1 as one");
        SluicePoolDataSource pool = new SluicePoolDataSource(dataSource, PoolOptions.DEFAULT.minSize(0).maxSize(1))) {
      Object[] driverObjects = {c.unwrap(SluiceConnection.class), statement, prepared, callable, result, dataSource,
          pool, new SluiceConnectionPoolDataSource(), new SluiceDriver()};
      int refusals = 0;
      for (Object o : driverObjects) {
        for (Method m : refusalsOf(o.getClass())) {
          given.add(refused(o, m));
          refusals++;
        }
      }
      assertTrue(refusals > 100, "the mixins' refusals were all called: " + refusals);
      // the refusals written in their class, not in a mixin
      given.add(refused(new SluiceDriver(), Driver.class.getMethod("getParentLogger")));
      given.add(refused(pool, DataSource.class.getMethod("getConnection", String.class, String.class)));
      given.add(refused(dataSource, DataSource.class.getMethod("getParentLogger")));
      given.add(refused(dataSource, DataSource.class.getMethod("createConnectionBuilder")));
      given.add(refused(pool, DataSource.class.getMethod("createShardingKeyBuilder")));
      given.add(refused(new SluiceConnectionPoolDataSource(),
          ConnectionPoolDataSource.class.getMethod("createPooledConnectionBuilder")));
    }
    assertEquals(EnumSet.allOf(Refusal.class), given, "every reason is given by some method");
  }

  /** The methods of the driver's {@code …Refusals} interfaces that {@code type} implements. */
  private static Set<Method> refusalsOf(Class<?> type) {
    Set<Method> out = new LinkedHashSet<>();
    for (Class<?> t = type; t != null; t = t.getSuperclass()) {
      for (Class<?> i : t.getInterfaces()) {
        if (i.getPackageName().equals("io.sluice.jdbc.internal") && i.getSimpleName().endsWith("Refusals")) {
          out.addAll(List.of(i.getDeclaredMethods()));
        }
      }
    }
    return out;
  }

  /** Calls {@code m} on {@code o} with zero arguments and checks its refusal; the reason given. */
  private static Refusal refused(Object o, Method m) throws IllegalAccessException {
    Object[] args = new Object[m.getParameterCount()];
    Class<?>[] types = m.getParameterTypes();
    for (int i = 0; i < args.length; i++) {
      args[i] = zero(types[i]);
    }
    String where = o.getClass().getSimpleName() + "." + m.getName();
    InvocationTargetException thrown = assertThrows(InvocationTargetException.class, () -> m.invoke(o, args), where);
    SQLException e = assertInstanceOf(SQLFeatureNotSupportedException.class, thrown.getCause(), where);
    assertEquals("0A000", e.getSQLState(), where);
    for (Refusal r : Refusal.values()) {
      if (e.getMessage().equals(m.getName() + ": " + r.reason())) {
        return r;
      }
    }
    return fail(where + " refuses without naming itself and a Refusal reason: " + e.getMessage());
  }

  /** The zero of each primitive type (each boxed as its own type); null for the rest. */
  private static final Map<Class<?>, Object> ZEROS = Map.of(boolean.class, false, byte.class, (byte) 0,
      short.class, (short) 0, int.class, 0, long.class, 0L, float.class, 0f, double.class, 0d, char.class, '\0');

  private static Object zero(Class<?> type) {
    return ZEROS.get(type);
  }
}
