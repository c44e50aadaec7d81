package io.sluice.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.internal.config.Keys;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/connection-parameters.md lists every parameter the client accepts ({@link Keys}), each once,
 * with the environment variable that supplies its default, and nothing the client does not accept.
 */
class ConnectionParametersDocTest {
  /** A table row: {@code | `name` | `PGVAR` | …} or {@code | `name` | | …}. */
  private static final Pattern ROW = Pattern.compile("^\\| `([a-z_]+)` \\| (?:`((?:PG|KRB5)[A-Z0-9_]+)`)? *\\|");

  @Test
  void theReferenceListsEveryAcceptedParameterWithItsEnvironmentVariable() throws IOException {
    String doc = Files.readString(io.sluice.testkit.docs.MarkdownExamples.repositoryRoot().resolve("docs/connection-parameters.md"));
    Map<String, String> documented = new TreeMap<>();
    for (String line : doc.split("\n")) {
      Matcher m = ROW.matcher(line);
      if (m.find()) {
        String previous = documented.put(m.group(1), m.group(2) == null ? "" : m.group(2));
        assertEquals(null, previous, "docs/connection-parameters.md lists " + m.group(1) + " twice");
      }
    }
    Map<String, String> accepted = new TreeMap<>();
    for (Keys.Key k : Keys.all()) {
      accepted.put(k.name(), k.envVar() == null ? "" : k.envVar());
    }
    assertEquals(accepted, documented);
  }
}
