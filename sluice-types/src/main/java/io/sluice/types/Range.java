package io.sluice.types;

/**
 * A range value: {@code [lower, upper)} and its variants, or empty. A null bound is unbounded
 * (PostgreSQL has no NULL bounds), and an unbounded side is never inclusive. Discrete ranges
 * (int4range, int8range, daterange) come back from the server in canonical {@code [a,b)} form:
 * {@code [1,10]} is returned as {@code [1,11)}.
 *
 * @param <T> the subtype's Java type
 */
public record Range<T>(T lower, boolean lowerInclusive, T upper, boolean upperInclusive, boolean isEmpty) {
  private static final Range<?> EMPTY = new Range<>(null, false, null, false, true);

  public Range {
    if (isEmpty && (lower != null || upper != null)) {
      throw new CodecException("range: an empty range has no bounds");
    }
    if (lower == null) {
      lowerInclusive = false;
    }
    if (upper == null) {
      upperInclusive = false;
    }
  }

  @SuppressWarnings("unchecked")
  public static <T> Range<T> empty() {
    return (Range<T>) EMPTY;
  }

  /** {@code [lower, upper)}, the canonical form; null for an unbounded side. */
  public static <T> Range<T> closedOpen(T lower, T upper) {
    return new Range<>(lower, true, upper, false, false);
  }

  /** {@code [lower, upper]}. */
  public static <T> Range<T> closed(T lower, T upper) {
    return new Range<>(lower, true, upper, true, false);
  }

  /** {@code (lower, upper)}. */
  public static <T> Range<T> open(T lower, T upper) {
    return new Range<>(lower, false, upper, false, false);
  }

  public boolean lowerUnbounded() {
    return !isEmpty && lower == null;
  }

  public boolean upperUnbounded() {
    return !isEmpty && upper == null;
  }

  /** The text form with Java's toString of the bounds, e.g. {@code [1,10)}, {@code (,5]}, {@code empty}. */
  @Override
  public String toString() {
    if (isEmpty) {
      return "empty";
    }
    return (lowerInclusive ? "[" : "(") + (lower == null ? "" : lower) + "," + (upper == null ? "" : upper)
        + (upperInclusive ? "]" : ")");
  }
}
