package org.postgresql.geometric;

import java.io.Serializable;
import java.sql.SQLException;
import org.postgresql.util.PGobject;
import org.postgresql.util.PGtokenizer;

/** PostgreSQL's {@code lseg}, a segment {@code [(x1,y1),(x2,y2)]}, as pgjdbc's class of this name. */
public class PGlseg extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  /** The two ends; null for SQL NULL. */
  public PGpoint[] point;

  public PGlseg(double x1, double y1, double x2, double y2) {
    this(new PGpoint(x1, y1), new PGpoint(x2, y2));
  }

  public PGlseg(PGpoint p1, PGpoint p2) {
    this();
    point = new PGpoint[] {p1, p2};
  }

  // setValue is overridable, as in pgjdbc: a subclass that overrides it gets its own parsing here
  @SuppressWarnings("this-escape")
  public PGlseg(String s) throws SQLException {
    this();
    setValue(s);
  }

  public PGlseg() {
    type = "lseg";
  }

  @Override
  public void setValue(String s) throws SQLException {
    point = s == null ? null : Geometry.points(type, PGtokenizer.removeBox(s.trim()), 2, s);
  }

  @Override
  public String getValue() {
    return point == null ? null : "[" + Geometry.join(point) + "]";
  }

  /** The same ends, in either order. */
  @Override
  public boolean equals(Object obj) {
    if (!(obj instanceof PGlseg l)) {
      return false;
    }
    if (point == null || l.point == null) {
      return point == l.point;
    }
    return l.point[0].equals(point[0]) && l.point[1].equals(point[1])
        || l.point[0].equals(point[1]) && l.point[1].equals(point[0]);
  }

  @Override
  public int hashCode() {
    return point == null ? 0 : point[0].hashCode() ^ point[1].hashCode();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    PGlseg c = (PGlseg) super.clone();
    c.point = Geometry.copy(point);
    return c;
  }
}
