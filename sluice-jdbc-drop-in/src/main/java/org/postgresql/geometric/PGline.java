package org.postgresql.geometric;

import java.io.Serializable;
import java.sql.SQLException;
import org.postgresql.util.PGobject;
import org.postgresql.util.PGtokenizer;

/**
 * PostgreSQL's {@code line}, {@code Ax + By + C = 0} written {@code {A,B,C}}, as pgjdbc's class of
 * this name. Also read from two points on it, {@code [(x1,y1),(x2,y2)]} (the server's other input
 * form). Lines are compared by their coefficients, so {@code {1,-1,0}} and {@code {2,-2,0}} differ.
 */
public class PGline extends PGobject implements Serializable, Cloneable {
  private static final long serialVersionUID = 1L;

  public double a;
  public double b;
  public double c;
  private boolean isNull;

  public PGline(double a, double b, double c) {
    this();
    this.a = a;
    this.b = b;
    this.c = c;
  }

  /** The line through {@code (x1,y1)} and {@code (x2,y2)}. */
  public PGline(double x1, double y1, double x2, double y2) {
    this();
    through(x1, y1, x2, y2);
  }

  /** The line through two points; NULL if either is null. */
  public PGline(PGpoint p1, PGpoint p2) {
    this();
    through(p1, p2);
  }

  /** The line a segment lies on; NULL for a null or NULL segment. */
  public PGline(PGlseg lseg) {
    this();
    if (lseg == null || lseg.point == null) {
      isNull = true;
    } else {
      through(lseg.point[0], lseg.point[1]);
    }
  }

  // setValue is overridable, as in pgjdbc: a subclass that overrides it gets its own parsing here
  @SuppressWarnings("this-escape")
  public PGline(String s) throws SQLException {
    this();
    setValue(s);
  }

  public PGline() {
    type = "line";
  }

  private void through(PGpoint p1, PGpoint p2) {
    if (p1 == null || p2 == null) {
      isNull = true;
    } else {
      through(p1.x, p1.y, p2.x, p2.y);
    }
  }

  /** y = a·x + c written as a·x − y + c = 0; a vertical line x = x1 as −x + x1 = 0. */
  private void through(double x1, double y1, double x2, double y2) {
    if (x1 == x2) {
      a = -1;
      b = 0;
      c = x1;
    } else {
      a = (y2 - y1) / (x2 - x1);
      b = -1;
      c = y1 - a * x1;
    }
  }

  @Override
  public void setValue(String s) throws SQLException {
    isNull = s == null;
    if (s == null) {
      return;
    }
    String t = s.trim();
    if (t.startsWith("{")) {
      PGtokenizer parts = new PGtokenizer(PGtokenizer.removeCurlyBrace(t), ',');
      if (parts.getSize() != 3) {
        throw Geometry.mismatch(type, s, null);
      }
      a = Geometry.number(type, parts.getToken(0), s);
      b = Geometry.number(type, parts.getToken(1), s);
      c = Geometry.number(type, parts.getToken(2), s);
    } else if (t.startsWith("[")) {
      PGpoint[] p = Geometry.points(type, PGtokenizer.removeBox(t), 2, s);
      through(p[0], p[1]);
    } else {
      throw Geometry.mismatch(type, s, null);
    }
  }

  @Override
  public String getValue() {
    return isNull ? null : "{" + a + "," + b + "," + c + "}";
  }

  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (obj == null || obj.getClass() != getClass()) {
      return false;
    }
    PGline l = (PGline) obj;
    if (isNull || l.isNull) {
      return isNull == l.isNull;
    }
    return Double.compare(a, l.a) == 0 && Double.compare(b, l.b) == 0 && Double.compare(c, l.c) == 0;
  }

  @Override
  public int hashCode() {
    return isNull ? 0 : java.util.Objects.hash(a, b, c);
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    return super.clone();
  }
}
