package org.postgresql.util;

import java.io.Serializable;
import java.sql.SQLException;
import java.util.Objects;

/**
 * A value of a PostgreSQL type named by the caller, as its text: what code written for pgjdbc binds
 * json, jsonb and custom types with ({@code setObject(i, o)}), and what {@code getObject} returns
 * for json, jsonb and types the driver has no class for. Sluice sends the text cast to the type
 * when it is a built-in one, else without a type, for the server to read as the type the
 * parameter's place needs. Subclasses (see {@code PGConnection.addDataType}) override {@link
 * #setValue} and {@link #getValue} to parse and print their own form.
 */
public class PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  /** The type's name, as in {@code pg_type}. */
  protected String type;
  /** The value's text, null for NULL. */
  protected String value;

  public PGobject() {}

  public final void setType(String type) {
    this.type = type;
  }

  /** The value as the type's text; null is SQL NULL. */
  public void setValue(String value) throws SQLException {
    this.value = value;
  }

  public final String getType() {
    return type;
  }

  public String getValue() {
    return value;
  }

  public boolean isNull() {
    return getValue() == null;
  }

  /** Equal when of the same type name and text, as pgjdbc compares them. */
  @Override
  public boolean equals(Object obj) {
    return obj instanceof PGobject o && Objects.equals(type, o.getType()) && Objects.equals(getValue(), o.getValue());
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(getValue());
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    return super.clone();
  }

  @Override
  public String toString() {
    return getValue();
  }
}
