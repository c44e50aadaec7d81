package io.sluice.event;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.event.EventRecorder.Ended;
import io.sluice.event.EventRecorder.Token;
import io.sluice.testkit.ServerTest;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link EventListener#all}: two listeners on one configuration, each with its own tokens, one throwing. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class AllListenersTest {
  /** Throws from every method it overrides. */
  static final class Throwing implements EventListener {
    @Override
    public Object statementStart(StatementStart start) {
      throw new IllegalStateException("start");
    }

    @Override
    public void statementEnd(Object token, StatementEnd end) {
      throw new IllegalStateException("end");
    }

    @Override
    public void pool(PoolEvent event) {
      throw new IllegalStateException("pool");
    }
  }

  @Test
  void eachListenerHearsEveryEventWithItsOwnToken() {
    EventRecorder first = new EventRecorder();
    EventRecorder second = new EventRecorder();
    ConnectionConfig config = StatementEventsTest.config(null).withListener(EventListener.all(first, second));
    try (Connection c = Connection.open(config)) {
      c.query("select $1::int", 7);
    }
    for (EventRecorder r : List.of(first, second)) {
      assertEquals(1, r.ends(ConnectEnd.class).size(), "one connection attempt");
      List<Ended> ends = r.endsOf(StatementEnd.class);
      assertEquals(1, ends.size(), ends.toString());
      StatementEnd end = (StatementEnd) ends.get(0).end();
      assertSame(end.start(), ((Token) ends.get(0).token()).start(), "its own token back");
      assertEquals("select $1::int", end.start().sql());
    }
  }

  @Test
  void oneThatThrowsLeavesTheOthersAndTheStatementAlone() {
    EventRecorder after = new EventRecorder();
    EventListener both = EventListener.all(new Throwing(), after);
    try (Pool pool = Pool.open(StatementEventsTest.config(null).withListener(both), PoolOptions.DEFAULT)) {
      assertEquals(7, pool.query("select $1::int", 7).get(0).getInt(0));
    }
    assertEquals(1, after.ends(StatementEnd.class).size());
    assertFalse(after.singles(PoolEvent.class).isEmpty(), "pool events still arrive after one that threw");
  }

  @Test
  void aNullListenerIsRefusedByPosition() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EventListener.all(new EventRecorder(), null));
    assertTrue(e.getMessage().contains("listener 1 of 2 is null"), e.getMessage());
  }
}
