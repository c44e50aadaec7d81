package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Procedures and functions from {@code pg_proc} ({@code prokind}: 'f' function, 'p' procedure,
 * 'a' aggregate, 'w' window function). getProcedures answers with procedures only (CREATE
 * PROCEDURE, PostgreSQL 11), as pgjdbc does; getFunctions with every kind but procedures;
 * getProcedureColumns describes both procedures and functions (callable through {call}). SPECIFIC_NAME tells overloads apart: the name and the function's OID.
 */
final class RoutineCatalog {
  private final Connection connection;
  private final boolean hideUnprivileged;

  RoutineCatalog(Connection connection, boolean hideUnprivileged) {
    this.connection = connection;
    this.hideUnprivileged = hideUnprivileged;
  }

  /** The JDBC codes of one kind of routine column (the procedure and function constants differ). */
  private record ColumnKinds(String prefix, int in, int inOut, int out, int returnValue, int result,
      String extraColumns) {}

  private static final ColumnKinds PROCEDURE = new ColumnKinds("PROCEDURE", DatabaseMetaData.procedureColumnIn,
      DatabaseMetaData.procedureColumnInOut, DatabaseMetaData.procedureColumnOut,
      DatabaseMetaData.procedureColumnReturn, DatabaseMetaData.procedureColumnResult,
      // a parameter's DEFAULT, by its place among all arguments (NULL for the return value, which is 0)
      " pg_catalog.pg_get_function_arg_default(p.oid, arg.sort::int4) AS \"COLUMN_DEF\","
          + " NULL::int4 AS \"SQL_DATA_TYPE\", NULL::int4 AS \"SQL_DATETIME_SUB\",");

  private static final ColumnKinds FUNCTION = new ColumnKinds("FUNCTION", DatabaseMetaData.functionColumnIn,
      DatabaseMetaData.functionColumnInOut, DatabaseMetaData.functionColumnOut,
      DatabaseMetaData.functionReturn, DatabaseMetaData.functionColumnResult, "");

  private static final String SPECIFIC_NAME = "(p.proname OPERATOR(pg_catalog.||) '_' OPERATOR(pg_catalog.||)"
      + " p.oid::text)";

  private static final String PROC_COMMENT = " LEFT JOIN pg_catalog.pg_description d ON d.objoid"
      + " OPERATOR(pg_catalog.=) p.oid"
      + " AND d.classoid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::regclass AND d.objsubid OPERATOR(pg_catalog.=) 0";

  /** Ordered by PROCEDURE_CAT, PROCEDURE_SCHEM, PROCEDURE_NAME and SPECIFIC_NAME. */
  ResultSet procedures(String catalog, String schemaPattern, String namePattern) throws SQLException {
    return new CatalogQuery("SELECT pg_catalog.current_database() AS \"PROCEDURE_CAT\","
        + " n.nspname AS \"PROCEDURE_SCHEM\", p.proname AS \"PROCEDURE_NAME\", NULL::text AS \"RESERVED4\","
        + " NULL::text AS \"RESERVED5\", NULL::text AS \"RESERVED6\", d.description AS \"REMARKS\","
        + " (CASE WHEN p.prokind OPERATOR(pg_catalog.=) 'p' OR " + CatalogTypes.isVoid("p.prorettype") + " THEN "
        + DatabaseMetaData.procedureNoResult + " ELSE " + DatabaseMetaData.procedureReturnsResult
        + " END)::int2 AS \"PROCEDURE_TYPE\", " + SPECIFIC_NAME + " AS \"SPECIFIC_NAME\""
        + " FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=)"
        + " p.pronamespace" + PROC_COMMENT
        + " WHERE p.prokind OPERATOR(pg_catalog.=) 'p' AND " + TableCatalog.VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("p.proname", namePattern)
        .visibleOnly(hideUnprivileged, "pg_catalog.has_function_privilege(p.oid, 'EXECUTE')")
        .then(" ORDER BY 1, 2, 3, \"SPECIFIC_NAME\"")
        .run(connection);
  }

  /** Ordered by FUNCTION_CAT, FUNCTION_SCHEM, FUNCTION_NAME and SPECIFIC_NAME. */
  ResultSet functions(String catalog, String schemaPattern, String namePattern) throws SQLException {
    return new CatalogQuery("SELECT pg_catalog.current_database() AS \"FUNCTION_CAT\","
        + " n.nspname AS \"FUNCTION_SCHEM\", p.proname AS \"FUNCTION_NAME\", d.description AS \"REMARKS\","
        + " (CASE WHEN p.proretset THEN " + DatabaseMetaData.functionReturnsTable
        + " ELSE " + DatabaseMetaData.functionNoTable + " END)::int2 AS \"FUNCTION_TYPE\","
        + " " + SPECIFIC_NAME + " AS \"SPECIFIC_NAME\""
        + " FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=)"
        + " p.pronamespace" + PROC_COMMENT
        + " WHERE p.prokind OPERATOR(pg_catalog.<>) 'p' AND " + TableCatalog.VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("p.proname", namePattern)
        .visibleOnly(hideUnprivileged, "pg_catalog.has_function_privilege(p.oid, 'EXECUTE')")
        .then(" ORDER BY 1, 2, 3, \"SPECIFIC_NAME\"")
        .run(connection);
  }

  ResultSet procedureColumns(String catalog, String schemaPattern, String namePattern, String columnPattern)
      throws SQLException {
    return routineColumns(PROCEDURE, "p.prokind OPERATOR(pg_catalog.=) ANY (ARRAY['f',"
        + " 'p']::\"char\"[])", catalog, schemaPattern, namePattern,
        columnPattern);
  }

  ResultSet functionColumns(String catalog, String schemaPattern, String namePattern, String columnPattern)
      throws SQLException {
    return routineColumns(FUNCTION, "p.prokind OPERATOR(pg_catalog.<>)"
        + " 'p'", catalog, schemaPattern, namePattern, columnPattern);
  }

  /**
   * Ordered by catalog, schema, name and SPECIFIC_NAME; within a routine the return value first
   * (ORDINAL_POSITION 0), then the parameters in call order, then the columns of a RETURNS TABLE
   * or of the composite type a function returns (numbered from 1 in result order). A return value
   * row is given only for a function that returns a value that is neither void nor a composite
   * and has no OUT, INOUT or TABLE parameters (those describe its result instead). Arguments come from {@code proallargtypes}/{@code proargmodes} when a routine has
   * output parameters, else from {@code proargtypes} (all IN); an unnamed one is named {@code $n}.
   */
  private ResultSet routineColumns(ColumnKinds kinds, String kindFilter, String catalog, String schemaPattern,
      String namePattern, String columnPattern) throws SQLException {
    String p = kinds.prefix();
    String mode = "COALESCE(p.proargmodes[a.n], 'i')";
    String hasOutputs = "COALESCE(p.proargmodes OPERATOR(pg_catalog.&&) ARRAY['o', 'b', 't']::\"char\"[], false)";
    String composite = "EXISTS (SELECT 1 FROM pg_catalog.pg_type ct WHERE ct.oid OPERATOR(pg_catalog.=) p.prorettype"
        + " AND ct.typtype OPERATOR(pg_catalog.=) 'c')";
    return new CatalogQuery("SELECT pg_catalog.current_database() AS \"" + p + "_CAT\","
        + " n.nspname AS \"" + p + "_SCHEM\", p.proname AS \"" + p + "_NAME\", arg.name AS \"COLUMN_NAME\","
        + " arg.kind::int2 AS \"COLUMN_TYPE\", ty.data_type AS \"DATA_TYPE\", "
        + TableCatalog.typeName("t") + " AS \"TYPE_NAME\", ty.column_size AS \"PRECISION\","
        + " ty.column_size AS \"LENGTH\", ty.decimal_digits::int2 AS \"SCALE\", ty.radix::int2 AS \"RADIX\","
        + " " + DatabaseMetaData.procedureNullable + "::int2 AS \"NULLABLE\", NULL::text AS \"REMARKS\","
        + kinds.extraColumns() + " ty.octet_length AS \"CHAR_OCTET_LENGTH\","
        + " arg.position::int4 AS \"ORDINAL_POSITION\", 'YES' AS \"IS_NULLABLE\","
        + " " + SPECIFIC_NAME + " AS \"SPECIFIC_NAME\""
        + " FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) p.pronamespace"
        + " CROSS JOIN LATERAL ("
        + "   SELECT 'returnValue'::text AS name, p.prorettype AS type_oid, " + kinds.returnValue() + " AS kind,"
        + "     0::int8 AS position, 0::int8 AS sort"
        + "   WHERE p.prokind OPERATOR(pg_catalog.<>) 'p' AND NOT " + CatalogTypes.isVoid("p.prorettype") + " AND NOT"
        + " " + hasOutputs + " AND NOT " + composite
        + "   UNION ALL"
        // a function returning a composite type: that type's live columns, as result columns after the arguments
        + "   SELECT ca.attname::text, ca.atttypid, " + kinds.result() + ","
        + "     (pg_catalog.row_number() OVER (ORDER BY ca.attnum))::int8,"
        + "     ca.attnum::int8 OPERATOR(pg_catalog.+) 1000"
        + "   FROM pg_catalog.pg_type rt JOIN pg_catalog.pg_attribute ca ON ca.attrelid OPERATOR(pg_catalog.=) rt.typrelid"
        + "     AND ca.attnum OPERATOR(pg_catalog.>) 0 AND NOT ca.attisdropped"
        + "   WHERE rt.oid OPERATOR(pg_catalog.=) p.prorettype AND " + composite + " AND NOT " + hasOutputs
        + "   UNION ALL"
        + "   SELECT CASE WHEN p.proargnames[a.n] OPERATOR(pg_catalog.<>) '' THEN p.proargnames[a.n]"
        // a.n as text: text || int8 is textanycat, on PostgreSQL 13 an SQL function whose own || is
        // looked up on the search_path (a user's operator there would run); text || text is textcat
        + "     ELSE '$' OPERATOR(pg_catalog.||) a.n::text END, a.type_oid,"
        + "     CASE WHEN " + mode + " OPERATOR(pg_catalog.=) 'b' THEN " + kinds.inOut()
        + "     WHEN " + mode + " OPERATOR(pg_catalog.=) 'o' THEN " + kinds.out()
        + "     WHEN " + mode + " OPERATOR(pg_catalog.=) 't' THEN " + kinds.result() + " ELSE " + kinds.in() + " END,"
        // a TABLE column's position is in the result: after the arguments, which all come first
        + "     CASE WHEN " + mode + " OPERATOR(pg_catalog.=) 't' THEN a.n OPERATOR(pg_catalog.-)"
        + " pg_catalog.cardinality(pg_catalog.array_remove(p.proargmodes, 't'::\"char\"))"
        + "     ELSE a.n END, a.n"
        + "   FROM pg_catalog.unnest(COALESCE(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY AS a(type_oid,"
        + " n)"
        + " ) arg"
        + " JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) arg.type_oid"
        + CatalogTypes.describe("t", "-1", "ty")
        + " WHERE " + kindFilter + " AND " + TableCatalog.VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("p.proname", namePattern)
        .like("arg.name", columnPattern)
        .then(" ORDER BY 1, 2, 3, \"SPECIFIC_NAME\", arg.sort")
        .run(connection);
  }
}
