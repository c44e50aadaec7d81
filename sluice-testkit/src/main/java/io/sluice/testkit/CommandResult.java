package io.sluice.testkit;

/**
 * The outcome of an external command (initdb, pg_ctl, psql, openssl).
 *
 * @param exitCode the process exit status
 * @param stdout everything it wrote to standard output, decoded as UTF-8
 * @param stderr everything it wrote to standard error, decoded as UTF-8
 */
public record CommandResult(int exitCode, String stdout, String stderr) {
  public boolean ok() {
    return exitCode == 0;
  }

  /** This result if the command succeeded, else a {@link TestkitException} naming {@code what}. */
  public CommandResult orThrow(String what) {
    if (!ok()) {
      throw new TestkitException(what + " failed with exit status " + exitCode
          + (stderr.isBlank() ? "" : ":\n" + stderr.strip())
          + (stdout.isBlank() ? "" : "\n(stdout)\n" + stdout.strip()));
    }
    return this;
  }
}
