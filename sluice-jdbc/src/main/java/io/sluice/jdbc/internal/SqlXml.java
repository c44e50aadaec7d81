package io.sluice.jdbc.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLXML;
import javax.xml.transform.Result;
import javax.xml.transform.Source;
import javax.xml.transform.dom.DOMResult;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.sax.SAXResult;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.sax.TransformerHandler;
import javax.xml.transform.stax.StAXResult;
import javax.xml.transform.stax.StAXSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.xml.sax.InputSource;

/**
 * A {@link SQLXML}, as pgjdbc's {@code PgSQLXML}: an {@code xml} column's text (read any number
 * of times), or, from {@code createSQLXML}, a value written once through one of the setters, whose
 * text is taken when it is first read (so that a {@code setResult} writer may finish first).
 * Parsing is done by {@link XmlFactories}: a document with a DOCTYPE (entities) is refused, 22000.
 * Misuse is 55000 with pgjdbc's messages; an unknown Source or Result class 07006.
 */
final class SqlXml implements SQLXML {
  /** Where the value is: none yet, being written by what a setter returned, there, or freed. */
  enum State { EMPTY, WRITING, READABLE, FREED }

  private State state;
  private String data;
  /** While WRITING: what turns the setter's writer into the text. */
  private Text pending;

  /** The text a setter's writer made, taken when the value is first read. */
  @FunctionalInterface
  private interface Text {
    String get() throws SQLException;
  }

  private SqlXml(State state, String data) {
    this.state = state;
    this.data = data;
  }

  static SqlXml of(String text) {
    return new SqlXml(State.READABLE, text);
  }

  static SqlXml empty() {
    return new SqlXml(State.EMPTY, null);
  }

  @Override
  public synchronized void free() {
    state = State.FREED;
    data = null;
    pending = null;
  }

  private String readable() throws SQLException {
    switch (state) {
      case FREED -> throw SqlErrors.of("This SQLXML object has already been freed.", "55000");
      case EMPTY -> throw SqlErrors.of(
          "This SQLXML object has not been initialized, so you cannot retrieve data from it.", "55000");
      case WRITING -> {
        data = pending.get();
        pending = null;
        state = State.READABLE;
      }
      case READABLE -> { }
    }
    return data;
  }

  private void writing(Text text) throws SQLException {
    switch (state) {
      case FREED -> throw SqlErrors.of("This SQLXML object has already been freed.", "55000");
      case WRITING, READABLE -> throw SqlErrors.of(
          "This SQLXML object has already been initialized, so you cannot manipulate it further.", "55000");
      case EMPTY -> { }
    }
    pending = text;
    state = State.WRITING;
  }

  @Override
  public synchronized String getString() throws SQLException {
    return readable();
  }

  // a value set to null (setString(null)) reads as null in every form, as in pgjdbc
  @Override
  public synchronized InputStream getBinaryStream() throws SQLException {
    String text = readable();
    return text == null ? null : new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public synchronized Reader getCharacterStream() throws SQLException {
    String text = readable();
    return text == null ? null : new StringReader(text);
  }

  @Override
  public synchronized <T extends Source> T getSource(Class<T> sourceClass) throws SQLException {
    String text = readable();
    if (text == null) {
      return null;
    }
    try {
      if (sourceClass == null || sourceClass == DOMSource.class) {
        @SuppressWarnings("unchecked")
        T dom = (T) new DOMSource(XmlFactories.documentBuilder().parse(new InputSource(new StringReader(text))));
        return dom;
      } else if (sourceClass == SAXSource.class) {
        return sourceClass.cast(new SAXSource(XmlFactories.xmlReader(), new InputSource(new StringReader(text))));
      } else if (sourceClass == StreamSource.class) {
        return sourceClass.cast(new StreamSource(new StringReader(text)));
      } else if (sourceClass == StAXSource.class) {
        return sourceClass.cast(new StAXSource(XmlFactories.inputFactory().createXMLStreamReader(
            new StringReader(text))));
      }
    } catch (Exception e) {
      throw SqlErrors.forState("22000", "Unable to decode xml data: " + e.getMessage(), 0, e);
    }
    throw SqlErrors.of("Unknown XML Source class: " + sourceClass.getName(), "07006");
  }

  @Override
  public synchronized void setString(String value) throws SQLException {
    writing(() -> value);
  }

  /** The bytes written are read as UTF-8, the sessions' encoding (pgjdbc: the connection's). */
  @Override
  public synchronized OutputStream setBinaryStream() throws SQLException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writing(() -> out.toString(StandardCharsets.UTF_8));
    return out;
  }

  @Override
  public synchronized Writer setCharacterStream() throws SQLException {
    StringWriter out = new StringWriter();
    writing(out::toString);
    return out;
  }

  @Override
  public synchronized <T extends Result> T setResult(Class<T> resultClass) throws SQLException {
    try {
      if (resultClass == null || resultClass == DOMResult.class) {
        DOMResult dom = new DOMResult();
        writing(() -> serialized(dom));
        @SuppressWarnings("unchecked")
        T t = (T) dom;
        return t;
      }
      StringWriter out = new StringWriter();
      Result r;
      if (resultClass == StreamResult.class) {
        r = new StreamResult(out);
      } else if (resultClass == SAXResult.class) {
        TransformerHandler h = XmlFactories.transformerFactory().newTransformerHandler();
        h.setResult(new StreamResult(out));
        r = new SAXResult(h);
      } else if (resultClass == StAXResult.class) {
        r = new StAXResult(XmlFactories.outputFactory().createXMLStreamWriter(out));
      } else {
        throw SqlErrors.of("Unknown XML Result class: " + resultClass.getName(), "07006");
      }
      writing(out::toString);
      return resultClass.cast(r);
    } catch (javax.xml.transform.TransformerException | javax.xml.stream.XMLStreamException e) {
      throw SqlErrors.forState("HY000", "Unable to create " + resultClass.getSimpleName() + " for SQLXML: "
          + e.getMessage(), 0, e);
    }
  }

  /** A DOMResult's node as text, by the identity transform (pgjdbc's {@code ensureInitialized}). */
  private static String serialized(DOMResult dom) throws SQLException {
    try {
      StringWriter out = new StringWriter();
      XmlFactories.transformerFactory().newTransformer().transform(new DOMSource(dom.getNode()), new StreamResult(out));
      return out.toString();
    } catch (javax.xml.transform.TransformerException e) {
      throw SqlErrors.forState("22000", "Unable to convert DOMResult SQLXML data to a string: " + e.getMessage(), 0,
          e);
    }
  }

  @Override
  public synchronized String toString() {
    return state == State.READABLE ? data : "SQLXML[" + state + "]";
  }
}
