package io.sluice.internal.statements;

import io.sluice.internal.requests.ServerStatement;
import io.sluice.Column;
import io.sluice.ConfigException;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.requests.PrepareRequest;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.rows.RowReader;
import io.sluice.internal.rows.RowSink;
import io.sluice.types.NamedCodecs;
import io.sluice.types.TypeInfo;
import io.sluice.types.TypeRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds types the registry does not know — enums, domains, composites, ranges, extension types
 * such as hstore, citext and pgvector — in {@code pg_type} the first time a result uses them,
 * registers codecs for them, and so lets the statement ask for their binary format. Costs one
 * round trip per batch of new types, once per connection; types they refer to (elements,
 * attributes, subtypes, base types) are looked up in the same way, a few levels deep.
 */
public final class TypeDiscovery {
  private static final int MAX_ROUNDS = 4;

  private TypeDiscovery() {}

  /** Registers what the statement's columns need; returns whether anything new was learned. */
  static boolean discover(StatementRunner statements, ServerStatement st, Deadline deadline) {
    TypeRegistry registry = statements.types().registry();
    Set<Integer> unknown = new LinkedHashSet<>();
    for (Column c : st.layout().list()) {
      if (registry.codecFor(c.typeOid()) == null) {
        unknown.add(c.typeOid());
      }
    }
    boolean learned = false;
    for (int round = 0; round < MAX_ROUNDS && !unknown.isEmpty(); round++) {
      long[] oids = unknown.stream().mapToLong(Integer::longValue).toArray();
      List<TypeInfo> found = catalog(statements, TypeInfo.CATALOG_QUERY_BY_OID, oids, deadline);
      unknown.clear();
      for (TypeInfo t : found) {
        registry.registerDynamic(t);
        learned = true;
      }
      for (TypeInfo t : found) {
        for (int ref : references(t)) {
          if (ref != 0 && registry.codecFor(ref) == null) {
            unknown.add(ref);
          }
        }
      }
    }
    if (learned) {
      RowLayout layout = PrepareRequest.layout(st.layout().list().stream()
          .map(c -> new io.sluice.protocol.BackendMessage.Field(c.name(), c.tableOid(), (short) c.columnNumber(),
              c.typeOid(), (short) 0, c.typeModifier(), (short) 0))
          .toList(), statements.types());
      st.relayout(layout, PrepareRequest.formats(layout));
    }
    return learned;
  }

  /**
   * Registers the user's codecs under the OIDs their types have in this database, found by name
   * in one round trip. A name the database does not have (or not on the search_path) is a
   * {@link ConfigException} naming it.
   */
  static void registerNamed(StatementRunner statements, NamedCodecs codecs, String database, Deadline deadline) {
    Map<String, TypeInfo> found = new HashMap<>();
    String[] names = codecs.byName().keySet().toArray(String[]::new);
    for (TypeInfo t : catalog(statements, TypeInfo.CATALOG_QUERY_BY_GIVEN_NAME, names, deadline)) {
      found.put(t.name(), t);
    }
    List<String> missing = new ArrayList<>();
    for (String name : names) {
      if (!found.containsKey(name)) {
        missing.add(name);
      }
    }
    if (!missing.isEmpty()) {
      throw new ConfigException("codecs were given for types that database \"" + database
          + "\" does not have on its search_path: " + String.join(", ", missing)
          + " (create the type or extension first, or check the name as pg_type.typname spells it, schema-qualified"
          + " if it is not on the search_path)");
    }
    refuseBuiltIns(statements, found.values());
    codecs.byName().forEach((name, codec) -> statements.types().registry().registerNamed(found.get(name), codec));
  }

  /**
   * A named codec is for types whose OIDs differ between databases. One for a type PostgreSQL has
   * built in and Sluice decodes already ({@code text}, {@code int4}) would silently change what
   * every such column decodes to, in every query of the connection: refused, with what to do instead.
   */
  private static void refuseBuiltIns(StatementRunner statements, java.util.Collection<TypeInfo> types) {
    for (TypeInfo t : types) {
      if (t.oid() < FIRST_NORMAL_OBJECT_ID && statements.types().registry().codecFor(t.oid()) != null) {
        throw new ConfigException("a codec was given for \"" + t.name() + "\", a type PostgreSQL has built in (OID "
            + t.oid() + ") that Sluice decodes already; a named codec never replaces a built-in one. Convert the"
            + " value where you read it (Row.get(column, Class), a record component)");
      }
    }
  }

  /** PostgreSQL's FirstNormalObjectId (access/transam.h): OIDs below it are the system's own. */
  private static final int FIRST_NORMAL_OBJECT_ID = 16384;

  /** The rows of a catalog query of {@link TypeInfo} with one array parameter. */
  private static List<TypeInfo> catalog(StatementRunner statements, String sql, Object keys, Deadline deadline) {
    List<TypeInfo> found = new ArrayList<>();
    // Sluice's own catalog query: unobserved, no event for the user's listener
    statements.queryUnobserved(sql, new Object[] {keys}, new RowSink() {
      private RowLayout layout;

      @Override
      public void start(RowLayout l) {
        layout = l;
      }

      @Override
      public void row(byte[] buf, int off, int len) {
        found.add(RowReader.typeInfo(layout, buf, off, len));
      }
    }, false, deadline);
    return found;
  }

  private static List<Integer> references(TypeInfo t) {
    List<Integer> refs = new ArrayList<>();
    refs.add(t.elementOid());
    refs.add(t.baseOid());
    refs.add(t.rangeSubtype());
    for (TypeInfo.Attribute a : t.attributes()) {
      refs.add(a.oid());
    }
    return refs;
  }
}
