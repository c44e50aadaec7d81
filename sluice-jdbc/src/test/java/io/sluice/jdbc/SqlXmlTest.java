package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.TimeUnit;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.Result;
import javax.xml.transform.Source;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMResult;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.sax.SAXResult;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.stax.StAXResult;
import javax.xml.transform.stax.StAXSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.ContentHandler;
import org.xml.sax.helpers.AttributesImpl;

/**
 * Issue 35: SQLXML as pgjdbc's PgSQLXML (its jdbc4.XmlTest): getSQLXML of an xml column,
 * setSQLXML and createSQLXML, each Source and Result kind; a document with entities is refused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class SqlXmlTest extends OneConnection {
  private static final String DOC = "<a x=\"1\"><b>text ü</b><b>two</b></a>";

  @BeforeAll
  static void table() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS xml_test (id int, x xml)");
    }
  }

  @AfterEach
  void clean() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DELETE FROM xml_test");
    }
  }

  private static void assertState(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  private static SQLXML read(String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getSQLXML(1);
    }
  }

  private static String stored(SQLXML x) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO xml_test VALUES (1, ?) RETURNING x::text")) {
      p.setSQLXML(1, x);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        return rs.getString(1);
      }
    }
  }

  /** The document's text content, to compare what each form carried. */
  private static String content(Source s) throws Exception {
    DOMResult r = new DOMResult();
    TransformerFactory.newInstance().newTransformer().transform(s, r);
    Document d = (Document) r.getNode();
    return d.getDocumentElement().getTagName() + ":" + d.getDocumentElement().getTextContent();
  }

  @Test
  void everySourceReadsTheColumn() throws Exception {
    String q = "SELECT '" + DOC + "'::xml";
    assertEquals(DOC, read(q).getString());
    DOMSource dom = read(q).getSource(DOMSource.class);
    assertEquals("a", ((Document) dom.getNode()).getDocumentElement().getTagName());
    assertEquals("a:text ütwo", content(read(q).getSource(null)));
    assertEquals("a:text ütwo", content(read(q).getSource(SAXSource.class)));
    assertEquals("a:text ütwo", content(read(q).getSource(StreamSource.class)));
    XMLStreamReader stax = read(q).getSource(StAXSource.class).getXMLStreamReader();
    stax.nextTag();
    assertEquals("a", stax.getLocalName());
    try (Reader r = read(q).getCharacterStream()) {
      StringWriter w = new StringWriter();
      r.transferTo(w);
      assertEquals(DOC, w.toString());
    }
    try (InputStream in = read(q).getBinaryStream()) {
      assertEquals(DOC, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    // getObject of an xml column is an SQLXML, as in pgjdbc; getObject(i, SQLXML.class) too
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(q)) {
      assertTrue(rs.next());
      assertEquals("java.sql.SQLXML", rs.getMetaData().getColumnClassName(1));
      assertEquals(DOC, assertInstanceOf(SQLXML.class, rs.getObject(1)).getString());
      assertEquals(DOC, rs.getObject(1, SQLXML.class).getString());
      assertEquals(DOC, rs.getString(1));
    }
    SQLXML x = read(q);
    assertEquals(DOC, x.getString());
    assertEquals(DOC, x.getString(), "read again");
    assertState("07006", () -> x.getSource(Source.class));
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT NULL::xml")) {
      assertTrue(rs.next());
      assertNull(rs.getSQLXML(1));
      assertTrue(rs.wasNull());
    }
  }

  @Test
  void everyResultWritesAParameter() throws Exception {
    SQLXML s = c.createSQLXML();
    s.setString(DOC);
    assertEquals(DOC, stored(s));

    SQLXML w = c.createSQLXML();
    try (Writer out = w.setCharacterStream()) {
      out.write(DOC);
    }
    assertEquals(DOC, stored(w));

    SQLXML b = c.createSQLXML();
    try (OutputStream out = b.setBinaryStream()) {
      out.write(DOC.getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(DOC, stored(b));

    SQLXML d = c.createSQLXML();
    DOMResult dom = d.setResult(DOMResult.class);
    Document doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
    Element root = doc.createElement("root");
    root.setTextContent("dom ✓");
    doc.appendChild(root);
    dom.setNode(doc);
    // the identity transform writes the XML declaration, as pgjdbc's; the server keeps it
    assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?><root>dom ✓</root>", stored(d));

    SQLXML st = c.createSQLXML();
    StreamResult stream = st.setResult(StreamResult.class);
    stream.getWriter().write(DOC);
    assertEquals(DOC, stored(st));

    SQLXML sax = c.createSQLXML();
    ContentHandler h = sax.setResult(SAXResult.class).getHandler();
    h.startDocument();
    h.startElement("", "s", "s", new AttributesImpl());
    h.characters("sax".toCharArray(), 0, 3);
    h.endElement("", "s", "s");
    h.endDocument();
    assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\"?><s>sax</s>", stored(sax));

    SQLXML stax = c.createSQLXML();
    XMLStreamWriter xw = stax.setResult(StAXResult.class).getXMLStreamWriter();
    xw.writeStartElement("t");
    xw.writeCharacters("stax");
    xw.writeEndElement();
    xw.flush();
    assertEquals("<t>stax</t>", stored(stax));

    // setObject takes an SQLXML too, with or without Types.SQLXML
    assertEquals(DOC, stored(read("SELECT '" + DOC + "'::xml")));
    try (PreparedStatement p = c.prepareStatement("SELECT pg_typeof(?)::text, ?::text")) {
      p.setSQLXML(1, read("SELECT '<q/>'::xml"));
      p.setObject(2, read("SELECT '<q/>'::xml"), Types.SQLXML);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("xml", rs.getString(1));
        assertEquals("<q/>", rs.getString(2));
      }
    }
  }

  /** pgjdbc's jdbc4.XmlTest.testSetNull and testDOMParse's fragment. */
  @Test
  void nullsAndFragments() throws Exception {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO xml_test VALUES (?, ?)")) {
      p.setInt(1, 1);
      p.setNull(2, Types.SQLXML);
      p.executeUpdate();
      p.setInt(1, 2);
      p.setObject(2, null, Types.SQLXML);
      p.executeUpdate();
      SQLXML x = c.createSQLXML();
      x.setString(null);
      assertNull(x.getSource(DOMSource.class));
      assertNull(x.getBinaryStream());
      p.setInt(1, 3);
      p.setObject(2, x);
      p.executeUpdate();
      p.setInt(1, 4);
      p.setObject(2, "<a>1</a><b>2</b>", Types.SQLXML);   // a fragment: valid xml content, no document
      p.executeUpdate();
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT x FROM xml_test ORDER BY id")) {
      for (int i = 0; i < 3; i++) {
        assertTrue(rs.next());
        assertNull(rs.getSQLXML("x"));
        assertNull(rs.getObject(1));
      }
      assertTrue(rs.next());
      SQLXML fragment = rs.getSQLXML(1);
      assertEquals("<a>1</a><b>2</b>", fragment.getString());
      assertState("22000", () -> fragment.getSource(DOMSource.class));
    }
  }

  @Test
  void misuseIs55000() throws Exception {
    SQLXML empty = c.createSQLXML();
    assertState("55000", empty::getString);
    SQLXML once = c.createSQLXML();
    once.setString("<a/>");
    assertState("55000", () -> once.setString("<b/>"));
    assertState("55000", once::setCharacterStream);
    assertState("07006", () -> c.createSQLXML().setResult(Result.class));
    SQLXML freed = read("SELECT '<a/>'::xml");
    freed.free();
    assertState("55000", freed::getString);
    assertState("55000", () -> freed.getSource(DOMSource.class));
  }

  /** An external entity (XXE) or any DOCTYPE is not parsed: no file is read, the parse fails with 22000. */
  @Test
  void entitiesAreRefused() throws Exception {
    String xxe = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/hostname\">]><r>&e;</r>";
    SQLXML x = c.createSQLXML();
    x.setString(xxe);
    assertState("22000", () -> x.getSource(DOMSource.class));
    String bomb = "<!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><r>&b;</r>";
    SQLXML y = c.createSQLXML();
    y.setString(bomb);
    assertState("22000", () -> y.getSource(null));
    // SAX and StAX refuse as they read
    SQLXML s = c.createSQLXML();
    s.setString(xxe);
    SAXSource sax = s.getSource(SAXSource.class);
    assertThrows(Exception.class, () -> sax.getXMLReader().parse(sax.getInputSource()));
    SQLXML t = c.createSQLXML();
    t.setString(xxe);
    XMLStreamReader stax = t.getSource(StAXSource.class).getXMLStreamReader();
    Exception e = assertThrows(Exception.class, () -> {
      while (stax.hasNext()) {
        stax.next();
        if (stax.isCharacters()) {
          assertFalse(stax.getText().contains(hostname()), "the entity's file was read");
        }
      }
    });
    assertNotNull(e);
  }

  private static String hostname() throws Exception {
    java.nio.file.Path p = java.nio.file.Path.of("/etc/hostname");
    String h = java.nio.file.Files.exists(p) ? java.nio.file.Files.readString(p).trim() : "";
    return h.isEmpty() ? "\u0000never" : h;
  }
}
