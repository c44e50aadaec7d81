package io.sluice.jdbc.dropin;

import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/** What a pgjdbc view of one connection or statement remembers between {@code unwrap}s. */
final class ViewState {
  /** {@code addDataType}: a type's name to the class {@code getObject} makes for it. */
  final Map<String, Class<? extends PGobject>> dataTypes = new ConcurrentHashMap<>();
  /** pgjdbc's default: a statement is prepared on the server at its fifth run. */
  volatile int prepareThreshold = 5;
  volatile boolean useServerPrepare = true;
  /** {@code PGConnection.setAdaptiveFetch}: remembered, with no effect on fetching. */
  volatile boolean adaptiveFetch;

  /** A new {@code klass} holding {@code text} of {@code type}. */
  static PGobject make(Class<? extends PGobject> klass, String type, String text) throws SQLException {
    try {
      PGobject o = klass.getDeclaredConstructor().newInstance();
      o.setType(type);
      o.setValue(text);
      return o;
    } catch (ReflectiveOperationException e) {
      throw new PSQLException("cannot make a " + klass.getName() + " for type " + type + ": " + e,
          PSQLState.UNEXPECTED_ERROR, e);
    }
  }
}
