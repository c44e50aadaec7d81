package io.sluice.internal.replication;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Row;
import io.sluice.types.Codec;
import io.sluice.types.NamedCodecs;
import io.sluice.types.SessionTypeContext;
import io.sluice.types.TypeInfo;
import io.sluice.types.TypeRegistry;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Codecs for the types a Relation's columns use. Built-in types are in the registry already; any
 * other (an enum, a composite, a domain, a range, an extension type, arrays of them) is looked up
 * in {@code pg_type} the first time a Relation uses it, as a connection does for a result. A
 * walsender answers no extended-protocol queries and none at all while streaming, so the lookups
 * go through a second, ordinary connection made from the same configuration, opened only when the
 * first unknown type appears. A codec the configuration gives by name ({@link
 * ConnectionConfig#withCodec}) is used for the type of that name ({@code typname}, or {@code
 * schema.typname} as pgoutput's Type message spells it).
 */
final class TypeResolver implements AutoCloseable {
  private static final int MAX_ROUNDS = 4;

  private final ConnectionConfig config;
  private final SessionTypeContext types;
  /** Names pgoutput gave in Type messages, by OID: {@code schema.name}. */
  private final Map<Integer, String> qualifiedNames = new HashMap<>();
  private Connection catalog;

  TypeResolver(ConnectionConfig config, SessionTypeContext types) {
    this.config = config;
    this.types = types;
  }

  SessionTypeContext types() {
    return types;
  }

  /** A Type message named the type: kept for matching the configuration's named codecs. */
  void named(int oid, String namespace, String name) {
    qualifiedNames.put(oid, namespace + "." + name);
  }

  /** Makes sure every OID has a codec, looking up the unknown ones (and what they refer to) in the catalog. */
  void resolve(int[] oids) {
    TypeRegistry registry = types.registry();
    Set<Integer> unknown = new LinkedHashSet<>();
    for (int oid : oids) {
      if (registry.codecFor(oid) == null) {
        unknown.add(oid);
      }
    }
    for (int round = 0; round < MAX_ROUNDS && !unknown.isEmpty(); round++) {
      long[] keys = unknown.stream().mapToLong(i -> i & 0xFFFF_FFFFL).toArray();
      List<TypeInfo> found = catalog().query(TypeInfo.CATALOG_QUERY_BY_OID, (Object) keys).stream()
          .map(TypeResolver::typeInfo).toList();
      unknown.clear();
      for (TypeInfo t : found) {
        Codec<?> given = namedCodec(t);
        if (given != null) {
          registry.registerNamed(t, given);
        } else {
          registry.registerDynamic(t);
        }
      }
      for (TypeInfo t : found) {
        for (int ref : references(t)) {
          if (ref != 0 && registry.codecFor(ref) == null) {
            unknown.add(ref);
          }
        }
      }
    }
  }

  private Codec<?> namedCodec(TypeInfo t) {
    NamedCodecs named = config.codecs();
    if (named.isEmpty()) {
      return null;
    }
    Codec<?> c = named.byName().get(t.name());
    String qualified = qualifiedNames.get(t.oid());
    if (c == null && qualified != null) {
      c = named.byName().get(qualified);
    }
    return c;
  }

  private Connection catalog() {
    if (catalog == null) {
      catalog = Connection.open(config);
    }
    return catalog;
  }

  private static TypeInfo typeInfo(Row r) {
    return TypeInfo.fromRow(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), r.get(6), r.get(7), r.get(8));
  }

  private static List<Integer> references(TypeInfo t) {
    List<Integer> refs = new java.util.ArrayList<>();
    refs.add(t.elementOid());
    refs.add(t.baseOid());
    refs.add(t.rangeSubtype());
    for (TypeInfo.Attribute a : t.attributes()) {
      refs.add(a.oid());
    }
    return refs;
  }

  @Override
  public void close() {
    if (catalog != null) {
      catalog.close();
      catalog = null;
    }
  }
}
