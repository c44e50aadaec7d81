package io.sluice.types;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Codecs for PostgreSQL types given by name — extension types, enums, composites, domains, base
 * types of the database — whose OIDs differ from database to database. A connection looks the
 * names up in {@code pg_type} when it opens and registers each codec under the OID it finds, and
 * the type's array type over it ({@link TypeRegistry#registerNamed}). Immutable; {@link #with}
 * returns a copy.
 */
public final class NamedCodecs {
  public static final NamedCodecs NONE = new NamedCodecs(Map.of());

  private final Map<String, Codec<?>> byName;

  private NamedCodecs(Map<String, Codec<?>> byName) {
    this.byName = byName;
  }

  /**
   * A copy with {@code codec} for the type named {@code typeName} ({@code pg_type.typname}, as
   * visible on the connection's search_path, e.g. {@code ltree} or {@code mood}), replacing any
   * codec given for that name before.
   */
  public NamedCodecs with(String typeName, Codec<?> codec) {
    Objects.requireNonNull(codec, "codec");
    if (typeName == null || typeName.isBlank() || typeName.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("a codec's type name must be a non-blank pg_type.typname without NUL, not "
          + (typeName == null ? "null" : "\"" + typeName.replace("\0", "\\0") + "\""));
    }
    Map<String, Codec<?>> m = new LinkedHashMap<>(byName);
    m.put(typeName, codec);
    return new NamedCodecs(Collections.unmodifiableMap(m));
  }

  /** The codecs by type name, in the order given. */
  public Map<String, Codec<?>> byName() {
    return byName;
  }

  public boolean isEmpty() {
    return byName.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NamedCodecs n && byName.equals(n.byName);
  }

  @Override
  public int hashCode() {
    return byName.hashCode();
  }

  @Override
  public String toString() {
    return "NamedCodecs" + byName;
  }
}
