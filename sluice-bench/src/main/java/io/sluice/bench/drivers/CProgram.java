package io.sluice.bench.drivers;

import io.sluice.bench.DriverUnavailable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A C client of the lab (libpq's {@code pqbench.c}, ODBC's {@code odbcbench.c}, both including
 * {@code fold.h}), compiled with gcc from this module's resources on first use, into the temp
 * directory under a name keyed by the hash of its sources and flags: a changed source is compiled
 * again, an unchanged one once per machine.
 *
 * @param name the executable's name, and its main source's ({@code name.c})
 * @param headers further resources written beside the source
 * @param flags gcc's include and link flags
 * @param needs what to install when it does not compile, for the message
 */
record CProgram(String name, List<String> headers, List<String> flags, String needs) {
  private static final String RESOURCES = "/io/sluice/bench/";

  /** The executable, compiled when no build of these sources and flags exists yet. */
  Path compiled() throws DriverUnavailable {
    try {
      List<String> files = new ArrayList<>(List.of(name + ".c"));
      files.addAll(headers);
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      List<byte[]> contents = new ArrayList<>();
      for (String f : files) {
        byte[] bytes = resource(f);
        contents.add(bytes);
        sha.update(bytes);
      }
      sha.update(String.join(" ", flags).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      String hash = HexFormat.of().formatHex(sha.digest()).substring(0, 12);
      Path dir = Path.of(System.getProperty("java.io.tmpdir"), "sluice-" + name + "-" + hash);
      Path exe = dir.resolve(name);
      if (Files.isExecutable(exe)) {
        return exe;
      }
      Files.createDirectories(dir);
      for (int i = 0; i < files.size(); i++) {
        Files.write(dir.resolve(files.get(i)), contents.get(i));
      }
      Path tmp = Files.createTempFile(dir, name, ".tmp");
      List<String> gcc = new ArrayList<>(List.of("gcc", "-O2", "-o", tmp.toString(), dir.resolve(name + ".c").toString()));
      gcc.addAll(flags);
      String out = LibpqDriver.run(gcc, null);
      if (Files.size(tmp) == 0 || !Files.isExecutable(tmp)) {
        Files.deleteIfExists(tmp);
        throw new DriverUnavailable("could not compile " + name + ".c (" + needs + " needed): " + out.strip());
      }
      Files.move(tmp, exe, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return exe;
    } catch (IOException e) {
      throw new DriverUnavailable("gcc not found (" + needs + " needed): " + e.getMessage());
    } catch (NoSuchAlgorithmException | InterruptedException e) {
      throw new DriverUnavailable(e.toString());
    }
  }

  private static byte[] resource(String file) throws IOException {
    try (InputStream in = CProgram.class.getResourceAsStream(RESOURCES + file)) {
      if (in == null) {
        throw new IOException("resource " + RESOURCES + file + " is missing");
      }
      return in.readAllBytes();
    }
  }
}
