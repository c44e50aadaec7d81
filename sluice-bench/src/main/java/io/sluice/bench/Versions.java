package io.sluice.bench;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Versions of the libraries measured, for the report. */
public final class Versions {
  private Versions() {}

  /** The version in a jar's {@code META-INF/maven/…/pom.properties}, or "?" when the jar has none. */
  public static String maven(String groupId, String artifactId) {
    String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
    try (InputStream in = Versions.class.getResourceAsStream(resource)) {
      if (in == null) {
        return "?";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "?");
    } catch (IOException e) {
      return "?";
    }
  }
}
