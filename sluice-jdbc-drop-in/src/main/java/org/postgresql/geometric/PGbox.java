package org.postgresql.geometric;

import java.io.Serializable;
import java.sql.SQLException;
import org.postgresql.util.PGobject;

/** PostgreSQL's {@code box}, two opposite corners {@code (x1,y1),(x2,y2)}, as pgjdbc's class of this name. */
public class PGbox extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  /** The two corners; null for SQL NULL. */
  public PGpoint[] point;

  public PGbox(double x1, double y1, double x2, double y2) {
    this(new PGpoint(x1, y1), new PGpoint(x2, y2));
  }

  public PGbox(PGpoint p1, PGpoint p2) {
    this();
    this.point = new PGpoint[] {p1, p2};
  }

  // setValue is overridable, as in pgjdbc: a subclass that overrides it gets its own parsing here
  @SuppressWarnings("this-escape")
  public PGbox(String s) throws SQLException {
    this();
    setValue(s);
  }

  public PGbox() {
    type = "box";
  }

  @Override
  public void setValue(String value) throws SQLException {
    point = value == null ? null : Geometry.points(type, value.trim(), 2, value);
  }

  @Override
  public String getValue() {
    return point == null ? null : Geometry.join(point);
  }

  /**
   * The same box: the same two corners in either order, or the other two corners of the same
   * rectangle (the server normalises a box to upper-right, lower-left; pgjdbc compares so).
   */
  @Override
  public boolean equals(Object obj) {
    if (!(obj instanceof PGbox b)) {
      return false;
    }
    if (point == null || b.point == null) {
      return point == b.point;
    }
    PGpoint p0 = point[0];
    PGpoint p1 = point[1];
    PGpoint q0 = b.point[0];
    PGpoint q1 = b.point[1];
    return q0.equals(p0) && q1.equals(p1) || q0.equals(p1) && q1.equals(p0)
        || q0.x == p0.x && q0.y == p1.y && q1.x == p1.x && q1.y == p0.y
        || q0.x == p1.x && q0.y == p0.y && q1.x == p0.x && q1.y == p1.y;
  }

  /** The exclusive or of the four coordinates' hashes: the same for every pair of corners equals accepts. */
  @Override
  public int hashCode() {
    return point == null ? 0 : point[0].hashCode() ^ point[1].hashCode();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    PGbox c = (PGbox) super.clone();
    c.point = Geometry.copy(point);
    return c;
  }
}
