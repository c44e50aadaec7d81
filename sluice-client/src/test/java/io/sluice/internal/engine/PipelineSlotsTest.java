package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/**
 * Pipeline slots go to waiting callers first come first served, and a slot given back wakes one
 * caller, not all: 500 callers sharing a connection were 16× slower when every reply woke every
 * waiter. The callers here are unstarted threads: the line is driven by hand, one step at a time.
 */
class PipelineSlotsTest {
  private final WakeUps wakeUps = new WakeUps();

  @Test
  void slotsGoToTheLineInOrderAndNobodyJumpsIt() {
    PipelineSlots slots = new PipelineSlots(1, wakeUps);
    Thread a = new Thread(() -> {});
    Thread b = new Thread(() -> {});
    assertTrue(slots.tryTake());
    slots.enter(a);
    slots.enter(b);
    assertFalse(slots.takeInTurn(a), "no slot is free yet");
    slots.release();
    assertFalse(slots.tryTake(), "a newcomer does not take a slot while others wait in line");
    assertFalse(slots.takeInTurn(b), "b is behind a");
    assertTrue(slots.takeInTurn(a));
    slots.leave(a);
    slots.release();
    assertTrue(slots.takeInTurn(b));
    slots.leave(b);
    assertEquals(1, slots.taken());
    slots.release();
    assertTrue(slots.tryTake(), "with nobody in line a slot is taken at once");
  }

  @Test
  void aReleaseWakesOneWaiterWhateverTheLength() {
    PipelineSlots slots = new PipelineSlots(1, wakeUps);
    assertTrue(slots.tryTake());
    for (int i = 0; i < 200; i++) {
      slots.enter(new Thread(() -> {}));
    }
    slots.release();
    assertEquals(1, wakeUps.count());
  }

  @Test
  void aWaiterLeavingWithoutTheFreeSlotPassesItOn() {
    PipelineSlots slots = new PipelineSlots(1, wakeUps);
    Thread a = new Thread(() -> {});
    Thread b = new Thread(() -> {});
    assertTrue(slots.tryTake());
    slots.enter(a);
    slots.enter(b);
    slots.release();                  // wakes a
    assertEquals(1, wakeUps.count());
    slots.leave(a);                   // a's deadline passed: the free slot is b's, and b is woken
    assertEquals(2, wakeUps.count());
    assertTrue(slots.takeInTurn(b));
  }
}
