package io.sluice.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.AbstractMap.SimpleEntry;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Codecs by type OID, and the choice of type and codec for parameter values. A new registry holds
 * every built-in type ({@link Oids}) and its array type; types created at run time (enums,
 * domains, composites, ranges, extensions) are added with {@link #registerDynamic} from
 * {@code pg_type} ({@link TypeInfo#CATALOG_QUERY_BY_OID}), user codecs with {@link #register}.
 * OIDs of run-time types differ between databases, so a registry belongs to one database.
 *
 * <p>Thread-safe: lookups are lock-free, registrations may happen while other threads decode.
 *
 * <p>Parameter types ({@link #codecForValue}): Integer→int4, Long→int8, Short→int2, Boolean→bool,
 * Double→float8, Float→float4, BigDecimal and BigInteger→numeric, String→text (or, with
 * {@link #stringsAsUnknown(boolean)}, type 0 in text format so the server infers it), byte[]→bytea,
 * UUID→uuid, LocalDate→date, LocalTime→time, OffsetTime→timetz, LocalDateTime→timestamp,
 * OffsetDateTime, ZonedDateTime and Instant→timestamptz, Interval and Duration→interval,
 * Inet and InetAddress→inet, MacAddress→macaddr/macaddr8, BitString→varbit, a Java enum→its name
 * as type 0 (so it fits a PostgreSQL enum), Java arrays and Lists→the element's array type
 * (type 0 when no element says which), Range→the subtype's range type, Composite→the registered
 * composite of that name, Map→hstore once registered; other classes by {@link #registerParameter}.
 */
public final class TypeRegistry {
  private static final int LOW = 10_000;

  private final AtomicReferenceArray<Codec<?>> low = new AtomicReferenceArray<>(LOW);
  private final Map<Integer, Codec<?>> high = new ConcurrentHashMap<>();
  private final Map<Class<?>, ParameterCodec> byClass = new ConcurrentHashMap<>();
  private final List<Map.Entry<Class<?>, ParameterCodec>> bySupertype = new CopyOnWriteArrayList<>();
  private final Map<Integer, Integer> arrayOf = new ConcurrentHashMap<>();
  private final Map<Integer, Integer> rangeOf = new ConcurrentHashMap<>();
  private final Map<String, Integer> oidByName = new ConcurrentHashMap<>();
  private final Map<ParameterCodec, ParameterCodec> arrayParams = new ConcurrentHashMap<>();
  private volatile boolean stringsAsUnknown;
  /** The classes the built-in mapping sends as a type of their own, which a named codec leaves alone. */
  private final java.util.Set<Class<?>> builtInClasses;

  private static final ParameterCodec UNKNOWN_STRING = new ParameterCodec(0, Texts.textOnly("unknown"));
  private final ParameterCodec textString;
  private final ParameterCodec untypedArray;
  private final ParameterCodec untypedRange;

  /** A registry with all built-in types. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public TypeRegistry() {
    builtIn(Oids.BOOL, Oids.BOOL_ARRAY, Bools.BOOL, Boolean.class);
    builtIn(Oids.BYTEA, Oids.BYTEA_ARRAY, Bytea.BYTEA, byte[].class);
    builtIn(Oids.CHAR, Oids.CHAR_ARRAY, Texts.CHAR, null);
    builtIn(Oids.NAME, Oids.NAME_ARRAY, Texts.NAME, null);
    builtIn(Oids.INT8, Oids.INT8_ARRAY, Ints.INT8, Long.class);
    builtIn(Oids.INT2, Oids.INT2_ARRAY, Ints.INT2, Short.class);
    builtIn(Oids.INT4, Oids.INT4_ARRAY, Ints.INT4, Integer.class);
    builtIn(Oids.TEXT, Oids.TEXT_ARRAY, Texts.TEXT, null);
    builtIn(Oids.OID, Oids.OID_ARRAY, Ints.OID, null);
    builtIn(Oids.JSON, Oids.JSON_ARRAY, Texts.JSON, null);
    builtIn(Oids.XML, Oids.XML_ARRAY, Texts.XML, null);
    builtIn(Oids.FLOAT4, Oids.FLOAT4_ARRAY, Floats.FLOAT4, Float.class);
    builtIn(Oids.FLOAT8, Oids.FLOAT8_ARRAY, Floats.FLOAT8, Double.class);
    builtIn(Oids.UNKNOWN, 0, Texts.UNKNOWN, null);
    builtIn(Oids.MACADDR8, Oids.MACADDR8_ARRAY, Nets.MACADDR8, null);
    builtIn(Oids.MONEY, Oids.MONEY_ARRAY, Money.MONEY, null);
    builtIn(Oids.MACADDR, Oids.MACADDR_ARRAY, Nets.MACADDR, MacAddress.class);
    builtIn(Oids.INET, Oids.INET_ARRAY, Nets.INET, Inet.class);
    builtIn(Oids.CIDR, Oids.CIDR_ARRAY, Nets.CIDR, null);
    builtIn(Oids.BPCHAR, Oids.BPCHAR_ARRAY, Texts.BPCHAR, null);
    builtIn(Oids.VARCHAR, Oids.VARCHAR_ARRAY, Texts.VARCHAR, null);
    builtIn(Oids.DATE, Oids.DATE_ARRAY, Dates.DATE, LocalDate.class);
    builtIn(Oids.TIME, Oids.TIME_ARRAY, Times.TIME, LocalTime.class);
    builtIn(Oids.TIMESTAMP, Oids.TIMESTAMP_ARRAY, Timestamps.TIMESTAMP, LocalDateTime.class);
    builtIn(Oids.TIMESTAMPTZ, Oids.TIMESTAMPTZ_ARRAY, Timestamps.TIMESTAMPTZ, OffsetDateTime.class);
    builtIn(Oids.INTERVAL, Oids.INTERVAL_ARRAY, Intervals.INTERVAL, Interval.class);
    builtIn(Oids.TIMETZ, Oids.TIMETZ_ARRAY, Times.TIMETZ, OffsetTime.class);
    builtIn(Oids.BIT, Oids.BIT_ARRAY, Bits.BIT, null);
    builtIn(Oids.VARBIT, Oids.VARBIT_ARRAY, Bits.VARBIT, BitString.class);
    builtIn(Oids.NUMERIC, Oids.NUMERIC_ARRAY, Numerics.NUMERIC, BigDecimal.class);
    builtIn(Oids.UUID, Oids.UUID_ARRAY, Uuids.UUID, UUID.class);
    builtIn(Oids.JSONB, Oids.JSONB_ARRAY, Texts.JSONB, null);
    builtIn(Oids.RECORD, Oids.RECORD_ARRAY, Composites.RECORD, null);
    builtIn(Oids.VOID, 0, Texts.string("void"), null);
    range(Oids.INT4RANGE, Oids.INT4RANGE_ARRAY, Oids.INT4MULTIRANGE, Oids.INT4MULTIRANGE_ARRAY, Ranges.INT4RANGE);
    range(Oids.INT8RANGE, Oids.INT8RANGE_ARRAY, Oids.INT8MULTIRANGE, Oids.INT8MULTIRANGE_ARRAY, Ranges.INT8RANGE);
    range(Oids.NUMRANGE, Oids.NUMRANGE_ARRAY, Oids.NUMMULTIRANGE, Oids.NUMMULTIRANGE_ARRAY, Ranges.NUMRANGE);
    range(Oids.DATERANGE, Oids.DATERANGE_ARRAY, Oids.DATEMULTIRANGE, Oids.DATEMULTIRANGE_ARRAY, Ranges.DATERANGE);
    range(Oids.TSRANGE, Oids.TSRANGE_ARRAY, Oids.TSMULTIRANGE, Oids.TSMULTIRANGE_ARRAY, Ranges.TSRANGE);
    range(Oids.TSTZRANGE, Oids.TSTZRANGE_ARRAY, Oids.TSTZMULTIRANGE, Oids.TSTZMULTIRANGE_ARRAY, Ranges.TSTZRANGE);

    byClass.put(BigInteger.class, new ParameterCodec(Oids.NUMERIC, Numerics.NUMERIC));
    byClass.put(Instant.class, new ParameterCodec(Oids.TIMESTAMPTZ, Timestamps.INSTANT));
    byClass.put(ZonedDateTime.class, new ParameterCodec(Oids.TIMESTAMPTZ,
        Codecs.map(Timestamps.TIMESTAMPTZ, ZonedDateTime.class, OffsetDateTime::toZonedDateTime,
            ZonedDateTime::toOffsetDateTime)));
    byClass.put(Duration.class, new ParameterCodec(Oids.INTERVAL, Intervals.DURATION));
    bySupertype.add(new SimpleEntry<>(InetAddress.class, new ParameterCodec(Oids.INET, Nets.INET_ADDRESS)));
    Codec<Enum> enumName = Codecs.map(Texts.textOnly("unknown"), Enum.class, s -> {
      throw new CodecException("a Java enum is only encoded");
    }, Enum::name);
    bySupertype.add(new SimpleEntry<>(Enum.class, new ParameterCodec(0, enumName)));
    textString = new ParameterCodec(Oids.TEXT, Texts.TEXT);
    untypedArray = new ParameterCodec(0, new ArrayCodec("unknown[]", 0, Texts.UNKNOWN, null));
    untypedRange = new ParameterCodec(0, new Ranges.RangeCodec("anyrange", 0, Texts.UNKNOWN, null));
    builtInClasses = java.util.Set.copyOf(byClass.keySet());
  }

  private void builtIn(int oid, int arrayOid, Codec<?> codec, Class<?> javaType) {
    register(oid, codec);
    oidByName.put(codec.name(), oid);
    if (arrayOid != 0) {
      register(arrayOid, new ArrayCodec("_" + codec.name(), oid, codec, this));
      arrayOf.put(oid, arrayOid);
      oidByName.put("_" + codec.name(), arrayOid);
    }
    if (javaType != null) {
      byClass.put(javaType, new ParameterCodec(oid, codec));
    }
  }

  private void range(int oid, int arrayOid, int multiOid, int multiArrayOid, Codec<?> codec) {
    Ranges.RangeCodec rc = (Ranges.RangeCodec) codec;
    builtIn(oid, arrayOid, codec, null);
    rangeOf.put(rc.subtypeOid, oid);
    String multiName = codec.name().replace("range", "multirange");
    builtIn(multiOid, multiArrayOid, new Ranges.MultirangeCodec(multiName, rc), null);
  }

  /** The codec for a type OID, or null if none is registered (read such columns as text). */
  public Codec<?> codecFor(int oid) {
    return oid >= 0 && oid < LOW ? low.get(oid) : high.get(oid);
  }

  /** Registers (or replaces) the codec for a type OID. */
  public void register(int oid, Codec<?> codec) {
    if (oid >= 0 && oid < LOW) {
      low.set(oid, codec);
    } else {
      high.put(oid, codec);
    }
  }

  /** Registers {@code arrayOid} as arrays of {@code elementOid}, whose codec is looked up when used. */
  public void registerArray(int arrayOid, int elementOid) {
    Codec<?> e = codecFor(elementOid);
    register(arrayOid, new ArrayCodec("_" + (e == null ? elementOid : e.name()), elementOid, null, this));
    arrayOf.put(elementOid, arrayOid);
  }

  /** Parameters of class {@code javaType} or a subclass are sent as type {@code oid} with its codec. */
  public void registerParameter(Class<?> javaType, int oid) {
    Codec<?> c = codecFor(oid);
    if (c == null) {
      throw new IllegalArgumentException("no codec is registered for OID " + oid);
    }
    registerParameter(javaType, oid, c);
  }

  /** Parameters of class {@code javaType} or a subclass are sent as type {@code oid} with {@code codec}. */
  public void registerParameter(Class<?> javaType, int oid, Codec<?> codec) {
    ParameterCodec p = new ParameterCodec(oid, codec);
    byClass.put(javaType, p);
    bySupertype.add(0, new SimpleEntry<>(javaType, p));
  }

  /** The OID of a type registered by name (built-in or {@link #registerDynamic}), or 0. */
  public int oidOf(String typeName) {
    return oidByName.getOrDefault(typeName, 0);
  }

  /** The array type of {@code elementOid}, or 0 if none is known. */
  public int arrayOidOf(int elementOid) {
    return arrayOf.getOrDefault(elementOid, 0);
  }

  /** Whether String parameters go as type 0 (server infers, text format) instead of text. */
  public void stringsAsUnknown(boolean unknown) {
    this.stringsAsUnknown = unknown;
  }

  public boolean stringsAsUnknown() {
    return stringsAsUnknown;
  }

  /**
   * Registers a codec for a type found in {@code pg_type}: enums as String, domains as their base
   * type, composites as {@link Composite}, ranges and multiranges over their subtype, array types
   * over their element, and by name {@code hstore} (also for Map parameters), {@code citext} and
   * {@code vector}; any other base type is read as text into a String. Also registers the type's
   * array type. Types may be registered in any order: inner codecs are looked up when used.
   */
  public void registerDynamic(TypeInfo t) {
    Codec<?> c = switch (t.kind()) {
      case ENUM -> Texts.string(t.name());
      case DOMAIN -> new Codecs.DomainCodec(t.name(), t.baseOid(), this);
      case COMPOSITE -> new Composites.CompositeCodec(t.name(), t.attributes(), this);
      case RANGE -> new Ranges.RangeCodec(t.name(), t.rangeSubtype(), null, this);
      case MULTIRANGE -> new Ranges.MultirangeCodec(t.name(), new Ranges.RangeCodec(t.name(), t.rangeSubtype(), null, this));
      case BASE, PSEUDO -> {
        if (t.elementOid() != 0 && t.name().startsWith("_")) {
          yield new ArrayCodec(t.name(), t.elementOid(), null, this);
        }
        Codec<?> known = Extensions.byName(t.name());
        if (known == null) {
          known = codecFor(t.oid());
        }
        yield known != null ? known : Texts.textOnly(t.name());
      }
    };
    registerWithArray(t, c);
    if (t.elementOid() != 0 && t.name().startsWith("_")) {
      arrayOf.putIfAbsent(t.elementOid(), t.oid());
    }
    if (t.kind() == TypeInfo.Kind.RANGE) {
      rangeOf.putIfAbsent(t.rangeSubtype(), t.oid());
    }
    if (c == Extensions.HSTORE) {
      ParameterCodec p = new ParameterCodec(t.oid(), c);
      bySupertype.add(new SimpleEntry<>(Map.class, p));
    }
  }

  /** {@code codec} for the catalog type {@code t}, by OID and name, and its array type over it. */
  private void registerWithArray(TypeInfo t, Codec<?> codec) {
    register(t.oid(), codec);
    oidByName.put(t.name(), t.oid());
    if (t.arrayOid() != 0) {
      register(t.arrayOid(), new ArrayCodec("_" + t.name(), t.oid(), null, this));
      arrayOf.put(t.oid(), t.arrayOid());
      oidByName.put("_" + t.name(), t.arrayOid());
    }
  }

  /**
   * Registers a user's {@code codec} for the type {@code t} found by name in {@code pg_type} (see
   * {@link NamedCodecs}): results of the type and of its array type decode with it, and parameters
   * of the codec's Java class (and its arrays and Lists) are sent as this type, unless that class
   * already maps to a type (String, Integer, … keep theirs).
   */
  public void registerNamed(TypeInfo t, Codec<?> codec) {
    registerWithArray(t, codec);
    Class<?> k = codec.javaType();
    if (k != String.class && k != Object.class && !builtInClasses.contains(k)) {
      registerParameter(k, t.oid(), codec);
    }
  }

  /**
   * The type and codec for a parameter value (not null); see the class comment for the mapping.
   * A value of no known type is a {@link CodecException}.
   */
  public ParameterCodec codecForValue(Object value) {
    if (value instanceof String) {
      return stringsAsUnknown ? UNKNOWN_STRING : textString;
    }
    Class<?> k = value.getClass();
    ParameterCodec p = byClass.get(k);
    if (p != null) {
      if (value instanceof MacAddress m && m.length() == 8) {
        return new ParameterCodec(Oids.MACADDR8, Nets.MACADDR8);
      }
      return p;
    }
    if (k.isArray() || value instanceof List) {
      return forArray(value);
    }
    if (value instanceof Range<?> r) {
      return forRange(r);
    }
    if (value instanceof Composite c) {
      int oid = oidOf(c.typeName());
      Codec<?> codec = oid == 0 ? null : codecFor(oid);
      if (!(codec instanceof Composites.CompositeCodec)) {
        throw new CodecException("composite type " + c.typeName() + " is not registered (see registerDynamic)");
      }
      return new ParameterCodec(oid, codec);
    }
    p = bySuper(k);
    if (p != null) {
      return p;
    }
    throw new CodecException("no PostgreSQL type for a parameter of class " + k.getName()
        + "; register one with TypeRegistry.registerParameter");
  }

  private ParameterCodec bySuper(Class<?> k) {
    for (Map.Entry<Class<?>, ParameterCodec> e : bySupertype) {
      if (e.getKey().isAssignableFrom(k)) {
        byClass.putIfAbsent(k, e.getValue());
        return e.getValue();
      }
    }
    return null;
  }

  private ParameterCodec forClass(Class<?> k) {
    if (k == String.class) {
      return stringsAsUnknown ? UNKNOWN_STRING : textString;
    }
    ParameterCodec p = byClass.get(k);
    return p != null ? p : bySuper(k);
  }

  private ParameterCodec forArray(Object value) {
    Object leaf = firstLeaf(value);
    ParameterCodec element;
    if (leaf != null) {
      element = codecForValue(leaf);
    } else {
      Class<?> comp = value.getClass();
      while (comp.isArray() && !byClass.containsKey(comp)) {
        comp = comp.getComponentType();
      }
      comp = ArrayCodec.box(comp);
      element = value instanceof List || comp == Object.class ? null : forClass(comp);
    }
    if (element == null) {
      return untypedArray;
    }
    return arrayParams.computeIfAbsent(element, e -> {
      if (e.oid() == 0) {
        return new ParameterCodec(0, new ArrayCodec("unknown[]", 0, e.codec(), null));
      }
      int arrayOid = arrayOidOf(e.oid());
      if (arrayOid == 0) {
        throw new CodecException("no array type is known for " + e.codec().name());
      }
      return new ParameterCodec(arrayOid, new ArrayCodec("_" + e.codec().name(), e.oid(), e.codec(), this));
    });
  }

  /** The first non-null element at the bottom of nested arrays and Lists, or null. */
  private Object firstLeaf(Object v) {
    if (!(v instanceof List || (v.getClass().isArray() && !byClass.containsKey(v.getClass())))) {
      return v;
    }
    for (int i = 0, n = ArrayCodec.size(v); i < n; i++) {
      Object e = ArrayCodec.get(v, i);
      if (e != null) {
        Object leaf = firstLeaf(e);
        if (leaf != null) {
          return leaf;
        }
      }
    }
    return null;
  }

  private ParameterCodec forRange(Range<?> r) {
    Object bound = r.lower() != null ? r.lower() : r.upper();
    if (bound == null) {
      return untypedRange;
    }
    ParameterCodec sub = codecForValue(bound);
    Integer oid = rangeOf.get(sub.oid());
    if (oid == null) {
      throw new CodecException("no range type is known over " + sub.codec().name());
    }
    return new ParameterCodec(oid, codecFor(oid));
  }
}
