package io.sluice.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The field codes of ErrorResponse and NoticeResponse ("Error and Notice Message Fields" in the
 * PostgreSQL documentation), and an ordered, unmodifiable copy of a field map.
 */
public final class ErrorFields {
  private ErrorFields() {}

  /** Localized severity: ERROR, FATAL, PANIC, WARNING, NOTICE, DEBUG, INFO, LOG. */
  public static final char SEVERITY = 'S';
  /** Severity, never localized (9.6+). */
  public static final char SEVERITY_NONLOCALIZED = 'V';
  public static final char SQLSTATE = 'C';
  public static final char MESSAGE = 'M';
  public static final char DETAIL = 'D';
  public static final char HINT = 'H';
  public static final char POSITION = 'P';
  public static final char INTERNAL_POSITION = 'p';
  public static final char INTERNAL_QUERY = 'q';
  public static final char WHERE = 'W';
  public static final char SCHEMA = 's';
  public static final char TABLE = 't';
  public static final char COLUMN = 'c';
  public static final char DATA_TYPE = 'd';
  public static final char CONSTRAINT = 'n';
  public static final char FILE = 'F';
  public static final char LINE = 'L';
  public static final char ROUTINE = 'R';

  static Map<Character, String> copyOf(Map<Character, String> fields) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }
}
