package org.postgresql.jdbc;

/**
 * The values of the {@code escapeSyntaxCallMode} connection property, which Sluice honours: how
 * a JDBC <code>{call f(?)}</code> escape is sent — {@code select} as {@code select * from f(?)},
 * {@code call} as {@code call f(?)} (procedures), {@code callIfNoReturn} as {@code call} when the
 * escape has no <code>?=</code> result, else {@code select}.
 */
public enum EscapeSyntaxCallMode {
  SELECT("select"),
  CALL_IF_NO_RETURN("callIfNoReturn"),
  CALL("call");

  private final String value;

  EscapeSyntaxCallMode(String value) {
    this.value = value;
  }

  /** The mode of that property value; {@link #SELECT} for any other text, as pgjdbc's. */
  public static EscapeSyntaxCallMode of(String mode) {
    for (EscapeSyntaxCallMode m : values()) {
      if (m.value.equals(mode)) {
        return m;
      }
    }
    return SELECT;
  }

  /** The text the property takes. */
  public String value() {
    return value;
  }
}
