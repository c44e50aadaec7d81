package io.sluice.replication;

/**
 * One column of a {@link Change.Relation}.
 *
 * @param name the column's name
 * @param typeOid its type's OID
 * @param typeModifier {@code atttypmod}, or -1
 * @param key whether it is part of the replica identity's key
 */
public record RelationColumn(String name, int typeOid, int typeModifier, boolean key) {}
