package io.sluice.micrometer;

import static org.junit.jupiter.api.Assertions.*;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.testkit.ServerTest;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Observations of real work, seen by a handler of the test's own and as timers by Micrometer's meter handler. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class ObservationListenerTest {
  /** Keeps every stopped observation's context. */
  static final class Stopped implements ObservationHandler<Observation.Context> {
    final List<Observation.Context> contexts = new CopyOnWriteArrayList<>();

    @Override
    public void onStop(Observation.Context context) {
      contexts.add(context);
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
      return true;
    }
  }

  @Test
  void statementsAndConnectsAreObservationsUnderTheCallersObservation() {
    ObservationRegistry registry = ObservationRegistry.create();
    Stopped stopped = new Stopped();
    MeterRegistry meters = new SimpleMeterRegistry();
    registry.observationConfig().observationHandler(stopped)
        .observationHandler(new DefaultMeterObservationHandler(meters));
    Observation request = Observation.start("http.request", registry);
    try (Observation.Scope scope = request.openScope();
        Connection c = Connection.open(MetricsTest.config(ObservationListener.create(registry)))) {
      c.query("select relname from pg_class where relname = $1", "pg_type");
      assertThrows(ServerException.class, () -> c.query("select 1 / $1::int", 0));
    } finally {
      request.stop();
    }
    List<Observation.Context> ops = stopped.contexts.stream()
        .filter(x -> x.getName().equals(ObservationListener.OPERATION)).toList();
    assertEquals(2, ops.size());
    Observation.Context ok = ops.get(0);
    assertEquals("select pg_class", ok.getContextualName());
    assertEquals("succeeded", ok.getLowCardinalityKeyValue("result").getValue());
    assertEquals("statement", ok.getLowCardinalityKeyValue("sluice.operation").getValue());
    assertEquals("http.request", ok.getParentObservation().getContextView().getName(), "the caller's is the parent");
    Observation.Context failed = ops.get(1);
    assertEquals("server_error", failed.getLowCardinalityKeyValue("result").getValue());
    assertInstanceOf(ServerException.class, failed.getError());
    assertEquals("22012", failed.getHighCardinalityKeyValue("db.response.status_code").getValue());
    assertEquals(1, stopped.contexts.stream().filter(x -> x.getName().equals(ObservationListener.CONNECT)).count());
    assertEquals(1, meters.get(ObservationListener.OPERATION).tags("result", "succeeded").timer().count());
    assertNull(meters.find(ObservationListener.OPERATION).tagKeys("db.query.summary").timer(),
        "the summary is high cardinality: no metric tag");
  }
}
