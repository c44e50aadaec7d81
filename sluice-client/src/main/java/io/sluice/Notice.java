package io.sluice;

import java.util.Map;

/**
 * One NoticeResponse from the server: a warning, a {@code RAISE NOTICE}, "table does not exist,
 * skipping". The fields are keyed by their one-letter codes (PostgreSQL docs 55.8 "Error and
 * Notice Message Fields", {@link io.sluice.protocol.ErrorFields}).
 *
 * @param fields every field the server sent, unmodifiable
 */
public record Notice(Map<Character, String> fields) {
  public Notice {
    fields = Map.copyOf(fields);
  }

  /** {@code V}: the severity, never localized ({@code WARNING}, {@code NOTICE}, {@code INFO}, …), or the localized {@code S}. */
  public String severity() {
    String v = fields.get('V');
    return v != null ? v : fields.get('S');
  }

  /** {@code C}: the SQLSTATE ({@code 01000} for a plain warning, {@code 00000} for a notice). */
  public String sqlState() {
    return fields.get('C');
  }

  /** {@code M}: the primary message. */
  public String message() {
    return fields.get('M');
  }

  /** {@code D}: the detail, or null. */
  public String detail() {
    return fields.get('D');
  }

  /** {@code H}: the hint, or null. */
  public String hint() {
    return fields.get('H');
  }

  @Override
  public String toString() {
    return severity() + ": " + message() + (sqlState() == null ? "" : " (SQLSTATE " + sqlState() + ")");
  }
}
