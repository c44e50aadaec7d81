package org.postgresql.geometric;

import java.io.Serializable;
import java.sql.SQLException;
import org.postgresql.util.PGobject;
import org.postgresql.util.PGtokenizer;

/** PostgreSQL's {@code circle}, {@code <(x,y),r>}, as pgjdbc's class of this name. */
public class PGcircle extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  /** The centre; null for SQL NULL. */
  public PGpoint center;
  public double radius;

  public PGcircle(double x, double y, double r) {
    this(new PGpoint(x, y), r);
  }

  public PGcircle(PGpoint c, double r) {
    this();
    this.center = c;
    this.radius = r;
  }

  // setValue is overridable, as in pgjdbc: a subclass that overrides it gets its own parsing here
  @SuppressWarnings("this-escape")
  public PGcircle(String s) throws SQLException {
    this();
    setValue(s);
  }

  public PGcircle() {
    type = "circle";
  }

  @Override
  public void setValue(String s) throws SQLException {
    if (s == null) {
      center = null;
      return;
    }
    PGtokenizer t = new PGtokenizer(PGtokenizer.removeAngle(s.trim()), ',');
    if (t.getSize() != 2) {
      throw Geometry.mismatch(type, s, null);
    }
    try {
      center = new PGpoint(t.getToken(0).trim());
    } catch (SQLException e) {
      throw Geometry.mismatch(type, s, e);
    }
    radius = Geometry.number(type, t.getToken(1), s);
  }

  @Override
  public String getValue() {
    return center == null ? null : "<" + center.getValue() + "," + radius + ">";
  }

  @Override
  public boolean equals(Object obj) {
    if (!(obj instanceof PGcircle c)) {
      return false;
    }
    if (center == null || c.center == null) {
      return center == c.center;
    }
    return radius == c.radius && center.equals(c.center);
  }

  @Override
  public int hashCode() {
    if (center == null) {
      return 0;
    }
    return Double.hashCode(radius) * 31 + center.hashCode();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    PGcircle c = (PGcircle) super.clone();
    c.center = center == null ? null : (PGpoint) center.clone();
    return c;
  }
}
