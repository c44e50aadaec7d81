package io.sluice;

/** A connection string, option map or configuration value is invalid. Nothing was sent. */
public final class ConfigException extends SluiceException {
  public ConfigException(String message) {
    super(message, Outcome.NOT_SENT);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, Outcome.NOT_SENT, cause);
  }
}
