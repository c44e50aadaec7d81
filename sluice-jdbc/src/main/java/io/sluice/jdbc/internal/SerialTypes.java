package io.sluice.jdbc.internal;

/**
 * The {@code smallserial}, {@code serial} and {@code bigserial} names: not types but a notation
 * ("Serial Types" in the PostgreSQL manual's numeric types chapter) for an int2/int4/int8 column
 * whose default is {@code nextval} of a sequence the column owns ({@code OWNED BY}: an auto
 * dependency, {@code deptype 'a'}, of the sequence on the column in {@code pg_depend}). Metadata
 * gives a column so made its serial name as TYPE_NAME, as pgjdbc does; an identity column keeps
 * its integer name (its sequence is an internal dependency, and it has no default).
 */
final class SerialTypes {
  private SerialTypes() {}

  /**
   * SQL: true when the column ({@code tableOid}, {@code attnum}) has the default {@code
   * defaultExpr} (its text, may be NULL) drawn from a sequence it owns.
   */
  static String isSerial(String tableOid, String attnum, String defaultExpr) {
    return "COALESCE(" + defaultExpr + " OPERATOR(pg_catalog.~~) 'nextval(%', false) AND EXISTS (SELECT 1"
        + " FROM pg_catalog.pg_depend dep JOIN pg_catalog.pg_class seq ON seq.oid OPERATOR(pg_catalog.=) dep.objid"
        + " WHERE dep.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::regclass"
        + " AND dep.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::regclass"
        + " AND dep.refobjid OPERATOR(pg_catalog.=) " + tableOid
        + " AND dep.refobjsubid OPERATOR(pg_catalog.=) " + attnum
        + " AND dep.deptype OPERATOR(pg_catalog.=) 'a' AND seq.relkind OPERATOR(pg_catalog.=) 'S')";
  }

  /** SQL: the serial name of type {@code typeOid} when {@code serial} holds, else {@code name}. */
  static String typeName(String typeOid, String serial, String name) {
    return "COALESCE(CASE WHEN " + serial + " THEN CASE WHEN " + typeOid + " OPERATOR(pg_catalog.=) 21 THEN"
        + " 'smallserial' WHEN " + typeOid + " OPERATOR(pg_catalog.=) 23 THEN 'serial' WHEN " + typeOid
        + " OPERATOR(pg_catalog.=) 20 THEN 'bigserial' END END, " + name + ")";
  }

  /** The serial name of a column of type {@code typeOid} made serial, or null for another type. */
  static String name(int typeOid) {
    return switch (typeOid) {
      case 21 -> "smallserial";
      case 23 -> "serial";
      case 20 -> "bigserial";
      default -> null;
    };
  }
}
