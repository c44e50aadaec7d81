package io.sluice;

/**
 * The classes of SQLSTATE codes (PostgreSQL "Appendix A. PostgreSQL Error Codes"), for deciding
 * what to do about an error without matching strings.
 */
public enum SqlStateClass {
  SUCCESS("00"),
  WARNING("01"),
  NO_DATA("02"),
  SQL_STATEMENT_NOT_YET_COMPLETE("03"),
  CONNECTION_EXCEPTION("08"),
  TRIGGERED_ACTION_EXCEPTION("09"),
  FEATURE_NOT_SUPPORTED("0A"),
  INVALID_TRANSACTION_INITIATION("0B"),
  LOCATOR_EXCEPTION("0F"),
  INVALID_GRANTOR("0L"),
  INVALID_ROLE_SPECIFICATION("0P"),
  DIAGNOSTICS_EXCEPTION("0Z"),
  CASE_NOT_FOUND("20"),
  CARDINALITY_VIOLATION("21"),
  DATA_EXCEPTION("22"),
  INTEGRITY_CONSTRAINT_VIOLATION("23"),
  INVALID_CURSOR_STATE("24"),
  INVALID_TRANSACTION_STATE("25"),
  INVALID_SQL_STATEMENT_NAME("26"),
  TRIGGERED_DATA_CHANGE_VIOLATION("27"),
  INVALID_AUTHORIZATION_SPECIFICATION("28"),
  DEPENDENT_PRIVILEGE_DESCRIPTORS_STILL_EXIST("2B"),
  INVALID_TRANSACTION_TERMINATION("2D"),
  SQL_ROUTINE_EXCEPTION("2F"),
  INVALID_CURSOR_NAME("34"),
  EXTERNAL_ROUTINE_EXCEPTION("38"),
  EXTERNAL_ROUTINE_INVOCATION_EXCEPTION("39"),
  SAVEPOINT_EXCEPTION("3B"),
  INVALID_CATALOG_NAME("3D"),
  INVALID_SCHEMA_NAME("3F"),
  TRANSACTION_ROLLBACK("40"),
  SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION("42"),
  WITH_CHECK_OPTION_VIOLATION("44"),
  INSUFFICIENT_RESOURCES("53"),
  PROGRAM_LIMIT_EXCEEDED("54"),
  OBJECT_NOT_IN_PREREQUISITE_STATE("55"),
  OPERATOR_INTERVENTION("57"),
  SYSTEM_ERROR("58"),
  CONFIGURATION_FILE_ERROR("F0"),
  FOREIGN_DATA_WRAPPER_ERROR("HV"),
  PLPGSQL_ERROR("P0"),
  INTERNAL_ERROR("XX"),
  OTHER("");

  private final String code;

  SqlStateClass(String code) {
    this.code = code;
  }

  /** The two-character class code. */
  public String code() {
    return code;
  }

  public static SqlStateClass of(String sqlState) {
    if (sqlState == null || sqlState.length() < 2) {
      return OTHER;
    }
    String c = sqlState.substring(0, 2);
    for (SqlStateClass k : values()) {
      if (k.code.equals(c)) {
        return k;
      }
    }
    return OTHER;
  }
}
