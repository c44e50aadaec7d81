package io.sluice.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A type found at run time in {@code pg_type}: what {@link TypeRegistry#registerDynamic} needs to
 * build a codec for an enum, domain, composite, range, multirange, extension type, or their arrays.
 *
 * @param oid {@code pg_type.oid}
 * @param name {@code typname} (without schema)
 * @param kind from {@code typtype}
 * @param arrayOid {@code typarray}, the type of arrays of this type, or 0
 * @param elementOid {@code typelem} for an array type (a base type named {@code _name}), else 0
 * @param baseOid {@code typbasetype} for a domain, else 0
 * @param rangeSubtype {@code pg_range.rngsubtype} for a range, and for a multirange the subtype of
 *     its ranges; else 0
 * @param attributes a composite's attributes in order (not dropped ones), else empty
 */
public record TypeInfo(int oid, String name, Kind kind, int arrayOid, int elementOid, int baseOid,
    int rangeSubtype, List<Attribute> attributes) {

  /** {@code pg_type.typtype}. */
  public enum Kind {
    BASE, COMPOSITE, DOMAIN, ENUM, PSEUDO, RANGE, MULTIRANGE;

    /** The kind for a {@code typtype} letter (b, c, d, e, p, r, m). */
    public static Kind of(char typtype) {
      return switch (typtype) {
        case 'b' -> BASE;
        case 'c' -> COMPOSITE;
        case 'd' -> DOMAIN;
        case 'e' -> ENUM;
        case 'p' -> PSEUDO;
        case 'r' -> RANGE;
        case 'm' -> MULTIRANGE;
        default -> throw new CodecException("unknown typtype '" + typtype + "'");
      };
    }
  }

  /** One attribute of a composite type: {@code pg_attribute.attname} and {@code atttypid}. */
  public record Attribute(String name, int oid) {
    public Attribute {
      Objects.requireNonNull(name, "name");
    }
  }

  public TypeInfo {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    attributes = List.copyOf(attributes);
  }

  /**
   * The columns of the catalog queries below, in this record's order: oid, typname, typtype,
   * typarray, typelem, typbasetype, range subtype, attribute names (text[]) and attribute type
   * OIDs (oid[]). Multiranges find their subtype through {@code pg_range.rngmultitypid}, a column
   * from PostgreSQL 14 (with multiranges): read by name from the row's JSON, so that the one query
   * runs on 13 too (where it is absent, and no type is a multirange).
   */
  private static final String SELECT = "select t.oid, t.typname, " + Columns.REST + "from pg_type t\n" + Columns.JOINS;

  /** The catalog queries' columns after oid and typname, and the joins they read. */
  private static final class Columns {
    static final String REST = """
       t.typtype, t.typarray, t.typelem, t.typbasetype,
             coalesce(r.rngsubtype, mr.rngsubtype, 0::oid) as rngsubtype,
             array(select a.attname::text from pg_attribute a
                   where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) as attnames,
             array(select a.atttypid from pg_attribute a
                   where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) as atttypids
      """;
    static final String JOINS = """
      left join pg_range r on r.rngtypid = t.oid
      left join pg_range mr on (to_jsonb(mr) ->> 'rngmultitypid')::oid = t.oid
      """;
  }

  /** Describes the types whose OIDs are in {@code $1} ({@code oid[]}). */
  public static final String CATALOG_QUERY_BY_OID = SELECT + "where t.oid = any($1::oid[])";

  /**
   * Describes the types named in {@code $1} ({@code text[]}) that are visible on the search path,
   * e.g. the extension types {@code hstore}, {@code citext} and {@code vector}.
   */
  public static final String CATALOG_QUERY_BY_NAME = SELECT
      + "where t.typname = any($1::text[]) and pg_catalog.pg_type_is_visible(t.oid)";

  /**
   * Describes the types named in {@code $1} ({@code text[]}) as PostgreSQL resolves a type name
   * ({@code to_regtype}): unqualified on the search path ({@code ltree}), or schema-qualified
   * ({@code public.ltree}). Each row's typname is the name as given, so that the caller can match
   * rows to names.
   */
  public static final String CATALOG_QUERY_BY_GIVEN_NAME = "select t.oid, given.name as typname, " + Columns.REST
      + "from unnest($1::text[]) as given(name)\n"
      + "join pg_type t on t.oid = pg_catalog.to_regtype(given.name)\n" + Columns.JOINS;

  /**
   * A TypeInfo from one row of a catalog query, each column decoded by the registry's codecs:
   * OIDs as Long (or any Number), names as String, typtype as a one-character String, the
   * attribute columns as arrays (or Lists).
   */
  public static TypeInfo fromRow(Object oid, Object name, Object typtype, Object arrayOid, Object elementOid,
      Object baseOid, Object rangeSubtype, Object attributeNames, Object attributeOids) {
    String tt = (String) typtype;
    if (tt == null || tt.length() != 1) {
      throw new CodecException("typtype must be one character, not " + tt);
    }
    List<Attribute> attrs = new ArrayList<>();
    if (attributeNames != null) {
      int n = ArrayCodec.size(attributeNames);
      if (attributeOids == null || ArrayCodec.size(attributeOids) != n) {
        throw new CodecException("attribute names and OIDs differ in number");
      }
      for (int i = 0; i < n; i++) {
        attrs.add(new Attribute((String) ArrayCodec.get(attributeNames, i), oid(ArrayCodec.get(attributeOids, i))));
      }
    }
    return new TypeInfo(oid(oid), (String) name, Kind.of(tt.charAt(0)), oid(arrayOid), oid(elementOid),
        oid(baseOid), oid(rangeSubtype), attrs);
  }

  private static int oid(Object v) {
    return v == null ? 0 : (int) ((Number) v).longValue();
  }
}
