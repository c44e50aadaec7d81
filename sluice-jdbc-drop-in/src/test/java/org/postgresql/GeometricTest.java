package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.geometric.PGbox;
import org.postgresql.geometric.PGcircle;
import org.postgresql.geometric.PGline;
import org.postgresql.geometric.PGlseg;
import org.postgresql.geometric.PGpath;
import org.postgresql.geometric.PGpoint;
import org.postgresql.geometric.PGpolygon;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;

/** pgjdbc's geometric classes: their text, equality and copies, and their values bound and read back. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class GeometricTest {
  @Test
  void eachTypeReadsAndWritesTheServersText() throws Exception {
    PGpoint p = new PGpoint("(1.5,-2)");
    assertEquals(1.5, p.x);
    assertEquals(-2, p.y);
    assertEquals("(1.5,-2.0)", p.getValue());
    assertEquals("point", p.getType());
    assertEquals(new PGbox(1, 2, 3, 4), new PGbox("(3,4),(1,2)"), "corners in either order");
    assertEquals(new PGbox(1, 2, 3, 4), new PGbox("(1,4),(3,2)"), "or the other two corners");
    assertEquals(new PGbox(1, 2, 3, 4).hashCode(), new PGbox("(1,4),(3,2)").hashCode());
    assertEquals(new PGcircle(1, 2, 3), new PGcircle("<(1,2),3>"));
    assertEquals("<(1.0,2.0),3.0>", new PGcircle(1, 2, 3).getValue());
    assertEquals(new PGline(1, -1, 0), new PGline("{1,-1,0}"));
    assertEquals(new PGline(1, -1, 0), new PGline("[(0,0),(2,2)]"), "two points on the line");
    assertEquals(new PGline(-1, 0, 3), new PGline(3, 0, 3, 5), "a vertical one: x = 3");
    assertEquals(new PGlseg(1, 2, 3, 4), new PGlseg("[(3,4),(1,2)]"));
    PGpath open = new PGpath("[(0,0),(1,1),(2,0)]");
    assertTrue(open.isOpen());
    assertFalse(new PGpath("((0,0),(1,1),(2,0))").isOpen());
    assertNotEquals(open, new PGpath("((0,0),(1,1),(2,0))"), "open and closed differ");
    assertEquals("[(0.0,0.0),(1.0,1.0),(2.0,0.0)]", open.getValue());
    assertEquals(3, new PGpolygon("((0,0),(1,1),(2,0))").points.length);
    assertNotEquals(new PGpoint(1, 2), new PGobject(), "not equal to a plain PGobject");
  }

  @Test
  void nullTextIsSqlNullAndBadTextIsPgjdbcsError() throws Exception {
    PGpoint p = new PGpoint();
    p.setValue(null);
    assertTrue(p.isNull());
    assertNull(p.getValue());
    assertEquals(p, new PGpoint((String) null));
    assertNotEquals(p, new PGpoint(0, 0));
    PSQLException e = assertThrows(PSQLException.class, () -> new PGpoint("(1,x)"));
    assertEquals("42821", e.getSQLState());
    assertEquals("Conversion to type point failed: (1,x).", e.getMessage());
    assertEquals("42821", assertThrows(PSQLException.class, () -> new PGbox("(1,2)")).getSQLState());
    assertEquals("42821", assertThrows(PSQLException.class, () -> new PGpath("(1,2")).getSQLState());
  }

  @Test
  void cloneCopiesThePoints() throws Exception {
    PGpolygon poly = new PGpolygon("((0,0),(1,1),(2,0))");
    PGpolygon copy = (PGpolygon) poly.clone();
    assertEquals(poly, copy);
    copy.points[0].x = 9;
    assertEquals(0, poly.points[0].x, "a deep copy: the original's points are its own");
    PGbox box = new PGbox(1, 2, 3, 4);
    PGbox boxCopy = (PGbox) box.clone();
    boxCopy.point[1].translate(1, 1);
    assertEquals(new PGpoint(3, 4), box.point[1]);
    PGcircle circle = new PGcircle(1, 2, 3);
    PGcircle circleCopy = (PGcircle) circle.clone();
    circleCopy.center.move(5, 5);
    assertEquals(new PGpoint(1, 2), circle.center);
    PGpath path = new PGpath(new PGpoint[] {new PGpoint(0, 0), new PGpoint(1, 1)}, true);
    assertNotSame(path.points, ((PGpath) path.clone()).points);
    assertEquals(new PGlseg(1, 2, 3, 4), new PGlseg(1, 2, 3, 4).clone());
    assertEquals(new PGline(1, 2, 3), new PGline(1, 2, 3).clone());
  }

  @Test
  void boundWithSetObjectAndReadWithGetObject() throws Exception {
    PGobject[] values = {new PGpoint(1, 2), new PGbox(0, 0, 2, 2), new PGcircle(1, 1, 0.5),
        new PGline(1, -1, 0), new PGlseg(0, 0, 1, 1), new PGpath("[(0,0),(1,1),(2,0)]"),
        new PGpolygon("((0,0),(1,1),(2,0))")};
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table shapes (p point, b box, c circle, l line, s lseg, pa path, po polygon)");
      try (PreparedStatement ps = c.prepareStatement("insert into shapes values (?, ?, ?, ?, ?, ?, ?)")) {
        for (int i = 0; i < values.length; i++) {
          ps.setObject(i + 1, values[i]);
        }
        ps.executeUpdate();
        for (int i = 0; i < values.length; i++) {
          ps.setObject(i + 1, null);
        }
        ps.executeUpdate();
      }
      try (ResultSet rs = s.executeQuery("select *, p ~= point '(1,2)', area(b) from shapes order by p is null")) {
        assertTrue(rs.next());
        for (int i = 0; i < values.length; i++) {
          Object read = rs.getObject(i + 1);
          assertEquals(values[i].getClass(), read.getClass(), values[i].getType());
          assertEquals(values[i], read, values[i].getType());
        }
        assertTrue(rs.getBoolean(8), "the server has the point that was bound");
        assertEquals(4.0, rs.getDouble(9), "and the box");
        assertEquals(new PGpoint(1, 2), rs.getObject(1, PGpoint.class));
        assertEquals("(1,2)", rs.getString(1), "getString is the server's text");
        assertTrue(rs.next());
        for (int i = 0; i < values.length; i++) {
          assertNull(rs.getObject(i + 1), "NULL is null");
        }
      }
      try (PreparedStatement ps = c.prepareStatement("select count(*) from shapes where p ~= ?")) {
        ps.setObject(1, new PGpoint("(1,2)"));
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(1, rs.getInt(1), "a point in a condition");
        }
      }
      try (PreparedStatement ps = c.prepareStatement("select ?::box, ?::point")) {
        ps.setObject(1, new PGbox());   // no corners: NULL, as pgjdbc's PGObjectSetTest binds it
        ps.setObject(2, new PGpoint(-1, 0.25));
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertNull(rs.getObject(1));
          assertEquals(new PGpoint(-1, 0.25), rs.getObject(2));
        }
      }
    }
  }

  @Test
  void linesRoundTripAndAllZeroCoefficientsAreTheServersError() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table lines (l line)");
      try (PreparedStatement ins = c.prepareStatement("insert into lines values (?)")) {
        ins.setObject(1, new PGline());
        assertEquals("22P02", assertThrows(PSQLException.class, ins::executeUpdate).getSQLState(),
            "{0,0,0} is no line");
        for (PGline l : new PGline[] {new PGline(2, -1, 0.5), new PGline(1, 2, 1, 7),
            new PGline(new PGlseg(0.5, -1, 3, 2))}) {
          ins.setObject(1, l);
          ins.executeUpdate();
          try (ResultSet rs = s.executeQuery("select l from lines")) {
            assertTrue(rs.next());
            assertEquals(l, rs.getObject(1));
            PGline again = (PGline) l.clone();
            again.setValue(rs.getString(1));
            assertEquals(l, again, "the text read back");
          }
          s.execute("delete from lines");
        }
      }
      PGline vertical = new PGline(1, 2, 1, 7);
      try (PreparedStatement ps = c.prepareStatement(
          "select pg_catalog.line_vertical(?::line), ?::line = line '[(1,2),(1,7)]'")) {
        ps.setObject(1, vertical);
        ps.setObject(2, vertical);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertTrue(rs.getBoolean(1), "vertical");
          assertTrue(rs.getBoolean(2), "and the same line as the server's through those points");
        }
      }
    }
  }

  /** A class of the application's own for points, as addDataType registers it. */
  public static final class MyPoint extends PGpoint {
    private static final long serialVersionUID = 1L;
  }

  @Test
  void addDataTypeGoesBeforeTheGeometricClasses() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      c.unwrap(PGConnection.class).addDataType("point", MyPoint.class);
      try (ResultSet rs = s.executeQuery("select point '(3,4)', box '(1,1),(0,0)'")) {
        assertTrue(rs.next());
        MyPoint p = assertInstanceOf(MyPoint.class, rs.getObject(1));
        assertEquals(3, p.x);
        assertInstanceOf(PGbox.class, rs.getObject(2));
      }
    }
  }

  @Test
  void aBoxArrayReadsAsPGboxesAndBindsWithItsSemicolons() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select '{(3,4),(1,2);(7,8),(5,6)}'::box[], '{\"(1,2)\",NULL}'::point[]")) {
      assertTrue(rs.next());
      Object[] boxes = (Object[]) rs.getArray(1).getArray();
      assertEquals(new PGbox(1, 2, 3, 4), boxes[0]);
      assertEquals(new PGbox(5, 6, 7, 8), boxes[1]);
      Object[] points = (Object[]) rs.getArray(2).getArray();
      assertEquals(new PGpoint(1, 2), points[0]);
      assertNull(points[1]);
      try (ResultSet rows = rs.getArray(1).getResultSet()) {
        assertTrue(rows.next());
        assertEquals(new PGbox(1, 2, 3, 4), rows.getObject(2), "its rows are typed box too");
        assertTrue(rows.next());
        assertEquals(new PGbox(5, 6, 7, 8), rows.getObject(2));
        assertFalse(rows.next());
      }
    }
    try (Connection c = DropInServer.connect(); PreparedStatement p = c.prepareStatement("select ?::box[]::text")) {
      p.setArray(1, c.createArrayOf("box", new PGbox[] {new PGbox(1, 2, 3, 4), new PGbox(5, 6, 7, 8)}));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("{(3,4),(1,2);(7,8),(5,6)}", rs.getString(1));
      }
    }
  }
}
