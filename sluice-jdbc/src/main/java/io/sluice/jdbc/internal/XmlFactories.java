package io.sluice.jdbc.internal;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.sax.SAXTransformerFactory;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * The JDK's XML parsers and transformers, made safe for a column's text, which may come from
 * anyone: no document type declarations (so no entity of any kind: neither external files or URLs
 * nor the "billion laughs" of nested internal ones), no external DTD, schema or stylesheet, no
 * XInclude, and the JAXP secure-processing limits. pgjdbc's {@code DefaultPGXmlFactoryFactory}
 * makes the same choice (OWASP's XXE prevention cheat sheet lists these features).
 */
final class XmlFactories {
  private static final String NO_DOCTYPE = "http://apache.org/xml/features/disallow-doctype-decl";
  private static final String NO_EXTERNAL_DTD = "http://apache.org/xml/features/nonvalidating/load-external-dtd";
  private static final String NO_GENERAL = "http://xml.org/sax/features/external-general-entities";
  private static final String NO_PARAMETER = "http://xml.org/sax/features/external-parameter-entities";

  private XmlFactories() {}

  static DocumentBuilder documentBuilder() throws ParserConfigurationException {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setFeature(NO_DOCTYPE, true);
    f.setFeature(NO_EXTERNAL_DTD, false);
    f.setFeature(NO_GENERAL, false);
    f.setFeature(NO_PARAMETER, false);
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    DocumentBuilder b = f.newDocumentBuilder();
    // the default handler prints parse errors to stderr before throwing them; this one only throws
    b.setErrorHandler(new org.xml.sax.helpers.DefaultHandler());
    return b;
  }

  static XMLReader xmlReader() throws ParserConfigurationException, SAXException {
    SAXParserFactory f = SAXParserFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setFeature(NO_DOCTYPE, true);
    f.setFeature(NO_EXTERNAL_DTD, false);
    f.setFeature(NO_GENERAL, false);
    f.setFeature(NO_PARAMETER, false);
    f.setXIncludeAware(false);
    XMLReader r = f.newSAXParser().getXMLReader();
    r.setErrorHandler(new org.xml.sax.helpers.DefaultHandler());
    r.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    r.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    return r;
  }

  static XMLInputFactory inputFactory() {
    XMLInputFactory f = XMLInputFactory.newInstance();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    return f;
  }

  static XMLOutputFactory outputFactory() {
    return XMLOutputFactory.newInstance();
  }

  static SAXTransformerFactory transformerFactory() {
    TransformerFactory f = TransformerFactory.newInstance();
    try {
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    } catch (javax.xml.transform.TransformerConfigurationException e) {
      throw new IllegalStateException("the JDK's transformer refused secure processing", e);
    }
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
    // the JDK's TransformerFactory (XSLTC) is a SAXTransformerFactory
    return (SAXTransformerFactory) f;
  }
}
