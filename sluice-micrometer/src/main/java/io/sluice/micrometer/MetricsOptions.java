package io.sluice.micrometer;

import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;

/**
 * What a {@link MetricsListener} records.
 *
 * @param tags tags on every meter (a pool's name, say: the events do not say which pool they come from)
 * @param queryTag whether statement timers are tagged by query, and with what
 * @param maxQueryTags the cardinality guard: at most this many distinct query tag values; a
 *     statement past them is tagged {@value QueryTagGuard#OTHER}
 */
public record MetricsOptions(Tags tags, QueryTag queryTag, int maxQueryTags) {
  /** No extra tags, no query tag. */
  public static final MetricsOptions DEFAULT = new MetricsOptions(Tags.empty(), QueryTag.NONE, 100);

  public MetricsOptions {
    if (tags == null) {
      throw new IllegalArgumentException("MetricsOptions: tags is null (use Tags.empty())");
    }
    if (queryTag == null) {
      throw new IllegalArgumentException("MetricsOptions: queryTag is null (use QueryTag.NONE)");
    }
    if (maxQueryTags < 1) {
      throw new IllegalArgumentException("MetricsOptions: maxQueryTags must be at least 1, was " + maxQueryTags);
    }
  }

  /** These tags on every meter, with the others. */
  public MetricsOptions withTags(Iterable<Tag> more) {
    return new MetricsOptions(tags.and(more), queryTag, maxQueryTags);
  }

  /** Statement timers tagged by {@code tag}, with at most {@code max} distinct values. */
  public MetricsOptions withQueryTag(QueryTag tag, int max) {
    return new MetricsOptions(tags, tag, max);
  }
}
