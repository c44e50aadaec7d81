package org.postgresql.geometric;

import java.io.Serializable;
import java.sql.SQLException;
import org.postgresql.util.PGobject;
import org.postgresql.util.PGtokenizer;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * PostgreSQL's {@code path}: open {@code [(x1,y1),…]} or closed {@code ((x1,y1),…)}, as pgjdbc's
 * class of this name.
 */
public class PGpath extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  public boolean open;
  /** The points; null for SQL NULL. */
  public PGpoint[] points;

  public PGpath(PGpoint[] points, boolean open) {
    this();
    this.points = points;
    this.open = open;
  }

  public PGpath() {
    type = "path";
  }

  // setValue is overridable, as in pgjdbc: a subclass that overrides it gets its own parsing here
  @SuppressWarnings("this-escape")
  public PGpath(String s) throws SQLException {
    this();
    setValue(s);
  }

  @Override
  public void setValue(String s) throws SQLException {
    if (s == null) {
      points = null;
      return;
    }
    String t = s.trim();
    if (t.startsWith("[") && t.endsWith("]")) {
      open = true;
      t = PGtokenizer.removeBox(t);
    } else if (t.startsWith("(") && t.endsWith(")")) {
      open = false;
      t = PGtokenizer.removePara(t);
    } else {
      throw new PSQLException("Cannot tell if path is open or closed: " + s + ".", PSQLState.DATA_TYPE_MISMATCH);
    }
    points = Geometry.points(type, t, -1, s);
  }

  @Override
  public String getValue() {
    if (points == null) {
      return null;
    }
    return (open ? "[" : "(") + Geometry.join(points) + (open ? "]" : ")");
  }

  /** The same points in the same order, and both open or both closed. */
  @Override
  public boolean equals(Object obj) {
    if (!(obj instanceof PGpath p)) {
      return false;
    }
    if (points == null || p.points == null) {
      return points == p.points;
    }
    return open == p.open && Geometry.samePoints(points, p.points);
  }

  @Override
  public int hashCode() {
    return points == null ? 0 : Geometry.hash(open ? 1231 : 1237, points);
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    PGpath c = (PGpath) super.clone();
    c.points = Geometry.copy(points);
    return c;
  }

  public boolean isOpen() {
    return open && points != null;
  }

  public boolean isClosed() {
    return !open && points != null;
  }

  public void closePath() {
    open = false;
  }

  public void openPath() {
    open = true;
  }
}
