package org.postgresql.util;

import java.io.Serializable;
import java.sql.SQLException;

/**
 * pgjdbc's class for a {@code money} value: {@link #val} in the currency's units, or {@link
 * #isNull} for {@code null::money}. Its text is the server's output for a dollar locale ({@code
 * $1,234.56}, negative as {@code -$1.00} or {@code ($1.00)}); other currency symbols of one
 * character are read the same way.
 */
public class PGmoney extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  /** The amount. */
  public double val;
  /** Whether this is {@code null::money}. */
  public boolean isNull;

  public PGmoney(double value) {
    this();
    val = value;
  }

  public PGmoney(String value) throws SQLException {
    this();
    read(value);
  }

  public PGmoney() {
    type = "money";
  }

  @Override
  public void setValue(String s) throws SQLException {
    read(s);
  }

  private void read(String s) throws SQLException {
    isNull = s == null;
    if (s == null) {
      return;
    }
    String t = s.strip();
    boolean negative = t.startsWith("(") && t.endsWith(")") || t.startsWith("-");
    if (t.startsWith("(") && t.endsWith(")")) {
      t = t.substring(1, t.length() - 1).strip();
    }
    if (t.startsWith("-")) {
      t = t.substring(1);
    }
    // the currency symbol, then the digits with their group separators
    String digits = t.isEmpty() || Character.isDigit(t.charAt(0)) ? t : t.substring(1);
    try {
      double v = Double.parseDouble(digits.replace(",", ""));
      val = negative ? -v : v;
    } catch (NumberFormatException e) {
      throw new PSQLException("Conversion of money failed: " + s, PSQLState.NUMERIC_CONSTANT_OUT_OF_RANGE, e);
    }
  }

  @Override
  public String getValue() {
    if (isNull) {
      return null;
    }
    return val < 0 ? "-$" + (-val) : "$" + val;
  }

  @Override
  public boolean equals(Object obj) {
    if (!(obj instanceof PGmoney p)) {
      return false;
    }
    return isNull ? p.isNull : !p.isNull && val == p.val;
  }

  @Override
  public int hashCode() {
    return isNull ? 0 : 31 * super.hashCode() + Double.hashCode(val);
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    return super.clone();
  }
}
