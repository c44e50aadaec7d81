package io.sluice;

/**
 * One column of a result, from the server's RowDescription.
 *
 * @param name the column's name (its alias, if any)
 * @param typeOid the type's OID ({@code 23} int4, {@code 25} text, …)
 * @param typeModifier e.g. the length of {@code varchar(n)} + 4, or -1
 * @param tableOid the table the column comes from, or 0 for an expression
 * @param columnNumber its attribute number in that table, or 0
 * @param binary whether values arrive in the binary format (else text)
 */
public record Column(String name, int typeOid, int typeModifier, int tableOid, int columnNumber, boolean binary) {}
