package io.sluice.types;

/**
 * A parameter value whose Java form depends on the PostgreSQL type the server infers for it. Such
 * a parameter is declared with no type (OID 0) in Parse, so that the server infers one from the
 * statement (or, in COPY, the target column has one); then {@link #valueFor} gives the value to
 * encode for that type. The Clojure API uses it for a vector of maps, which is JSON for a json or
 * jsonb parameter and an array otherwise.
 */
public interface TypeDependent {
  /** The value to send for a parameter (or COPY column) of this type OID. */
  Object valueFor(int typeOid);

  /**
   * {@code values} with each {@link TypeDependent} replaced by its value for the type at the same
   * index of {@code typeOids} (0 where there is none); the same array when none is type-dependent.
   */
  static Object[] resolve(Object[] values, int[] typeOids) {
    Object[] out = values;
    for (int i = 0; i < values.length; i++) {
      if (values[i] instanceof TypeDependent d) {
        if (out == values) {
          out = values.clone();
        }
        out[i] = d.valueFor(i < typeOids.length ? typeOids[i] : 0);
      }
    }
    return out;
  }
}
