package io.sluice.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/spring-boot.md's property table and the configuration metadata the annotation processor
 * wrote from {@link SluiceProperties} name the same {@code spring.sluice.*} properties: none in the
 * guide that does not exist, none that exists and the guide leaves out.
 */
class SpringBootGuideTest {
  private static final Pattern TABLE_ROW = Pattern.compile("(?m)^\\| `(spring\\.sluice\\.[a-z.-]+?)(\\.\\*)?` \\|");
  private static final Pattern METADATA_NAME = Pattern.compile("\"name\": *\"(spring\\.sluice\\.[a-z.-]+)\"");

  @Test
  void theGuideListsExactlyThePropertiesThatExist() throws IOException {
    String guide = Files.readString(Path.of("..", "docs", "spring-boot.md"));
    Set<String> documented = new TreeSet<>();
    Matcher row = TABLE_ROW.matcher(guide);
    while (row.find()) {
      documented.add(row.group(1));
    }
    Set<String> declared = new TreeSet<>();
    try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("the configuration processor's metadata").isNotNull();
      String metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int hints = metadata.indexOf("\"hints\"");
      // the properties, not the groups before them (spring.sluice.pool) nor the hints after
      String properties = metadata.substring(metadata.indexOf("\"properties\""), hints < 0 ? metadata.length() : hints);
      Matcher name = METADATA_NAME.matcher(properties);
      while (name.find()) {
        declared.add(name.group(1));
      }
    }
    assertThat(declared).contains("spring.sluice.pipeline-depth", "spring.sluice.pool.max-size");
    assertThat(documented).isEqualTo(declared);
  }

  @Test
  void everyPropertyInTheGuidesYamlExists() throws IOException {
    String guide = Files.readString(Path.of("..", "docs", "spring-boot.md"));
    String yaml = guide.substring(guide.indexOf("  sluice:\n"), guide.indexOf("```", guide.indexOf("  sluice:\n")));
    Set<String> keys = new TreeSet<>();
    Matcher key = Pattern.compile("(?m)^ {4}([a-z-]+):").matcher(yaml);
    while (key.find()) {
      keys.add("spring.sluice." + key.group(1));
    }
    String table = guide.substring(guide.indexOf("| property |"));
    assertThat(keys).isNotEmpty().allSatisfy(k -> assertThat(table).contains("`" + k));
  }
}
