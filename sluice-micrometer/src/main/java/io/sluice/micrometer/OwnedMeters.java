package io.sluice.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Gauges and function counters read from one owner (a pool, a connection) when the registry is
 * scraped. The registry holds the owner weakly, as Micrometer does every gauge's object: its meters
 * read NaN once the application lets it go; {@link #removeAll} takes them out of the registry when the
 * owner closes.
 */
record OwnedMeters<T>(MeterRegistry registry, T owner, Tags tags, List<Meter> registered) {
  OwnedMeters(MeterRegistry registry, T owner, Tags tags) {
    this(registry, owner, tags, new ArrayList<>());
  }

  void gauge(String name, String description, Tags more, ToDoubleFunction<T> read) {
    registered.add(Gauge.builder(name, owner, read).description(description).tags(tags.and(more)).register(registry));
  }

  void gauge(String name, String description, ToDoubleFunction<T> read) {
    gauge(name, description, Tags.empty(), read);
  }

  void counter(String name, String description, ToDoubleFunction<T> read) {
    counter(name, description, Tags.empty(), read);
  }

  void counter(String name, String description, Tags more, ToDoubleFunction<T> read) {
    registered.add(FunctionCounter.builder(name, owner, read).description(description).tags(tags.and(more))
        .register(registry));
  }

  /** Removes every meter registered through this, so that an owner of the same name can register its own. */
  void removeAll() {
    registered.forEach(registry::remove);
    registered.clear();
  }
}
