package org.postgresql.geometric;

import java.io.Serializable;
import java.sql.SQLException;
import org.postgresql.util.PGobject;
import org.postgresql.util.PGtokenizer;

/** PostgreSQL's {@code point}, {@code (x,y)}, as pgjdbc's class of this name: public fields, text form. */
public class PGpoint extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  public double x;
  public double y;
  /** Whether this is SQL NULL (made with null text); the coordinates mean nothing then. */
  public boolean isNull;

  public PGpoint(double x, double y) {
    this();
    this.x = x;
    this.y = y;
  }

  /** Reads {@code (x,y)}, as the server writes it. */
  // setValue is overridable, as in pgjdbc: a subclass that overrides it gets its own parsing here
  @SuppressWarnings("this-escape")
  public PGpoint(String value) throws SQLException {
    this();
    setValue(value);
  }

  public PGpoint() {
    type = "point";
  }

  @Override
  public void setValue(String s) throws SQLException {
    isNull = s == null;
    if (s == null) {
      return;
    }
    PGtokenizer t = new PGtokenizer(PGtokenizer.removePara(s.trim()), ',');
    if (t.getSize() != 2) {
      throw Geometry.mismatch(type, s, null);
    }
    x = Geometry.number(type, t.getToken(0), s);
    y = Geometry.number(type, t.getToken(1), s);
  }

  @Override
  public String getValue() {
    return isNull ? null : "(" + x + "," + y + ")";
  }

  /** Equal coordinates (compared with {@code ==}, as pgjdbc does), or both NULL. */
  @Override
  public boolean equals(Object obj) {
    if (!(obj instanceof PGpoint p)) {
      return false;
    }
    return isNull || p.isNull ? isNull == p.isNull : x == p.x && y == p.y;
  }

  /** Symmetric in x and y (a box's hash relies on it, as in pgjdbc). */
  @Override
  public int hashCode() {
    if (isNull) {
      return 0;
    }
    long a = Double.doubleToLongBits(x);
    long b = Double.doubleToLongBits(y);
    return (int) (a ^ b ^ (a >>> 32) ^ (b >>> 32));
  }

  public void translate(int x, int y) {
    translate((double) x, (double) y);
  }

  public void translate(double x, double y) {
    this.isNull = false;
    this.x += x;
    this.y += y;
  }

  public void move(int x, int y) {
    setLocation(x, y);
  }

  public void move(double x, double y) {
    this.isNull = false;
    this.x = x;
    this.y = y;
  }

  public void setLocation(int x, int y) {
    move((double) x, (double) y);
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    return super.clone();
  }
}
