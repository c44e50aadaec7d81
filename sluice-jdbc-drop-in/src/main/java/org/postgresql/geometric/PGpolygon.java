package org.postgresql.geometric;

import java.io.Serializable;
import java.sql.SQLException;
import org.postgresql.util.PGobject;
import org.postgresql.util.PGtokenizer;

/** PostgreSQL's {@code polygon}, {@code ((x1,y1),…)}, as pgjdbc's class of this name. */
public class PGpolygon extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  /** The vertices; null for SQL NULL. */
  public PGpoint[] points;

  public PGpolygon(PGpoint[] points) {
    this();
    this.points = points;
  }

  // setValue is overridable, as in pgjdbc: a subclass that overrides it gets its own parsing here
  @SuppressWarnings("this-escape")
  public PGpolygon(String s) throws SQLException {
    this();
    setValue(s);
  }

  public PGpolygon() {
    type = "polygon";
  }

  @Override
  public void setValue(String s) throws SQLException {
    points = s == null ? null : Geometry.points(type, PGtokenizer.removePara(s.trim()), -1, s);
  }

  @Override
  public String getValue() {
    return points == null ? null : "(" + Geometry.join(points) + ")";
  }

  /** The same vertices in the same order. */
  @Override
  public boolean equals(Object obj) {
    return obj instanceof PGpolygon p && Geometry.samePoints(points, p.points);
  }

  @Override
  public int hashCode() {
    return points == null ? 0 : Geometry.hash(0, points);
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    PGpolygon c = (PGpolygon) super.clone();
    c.points = Geometry.copy(points);
    return c;
  }
}
