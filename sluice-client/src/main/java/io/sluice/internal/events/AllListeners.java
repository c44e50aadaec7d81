package io.sluice.internal.events;

import io.sluice.event.EventListener;
import io.sluice.event.AcquireEnd;
import io.sluice.event.AcquireStart;
import io.sluice.event.BatchEnd;
import io.sluice.event.BatchStart;
import io.sluice.event.ConnectEnd;
import io.sluice.event.ConnectStart;
import io.sluice.event.CopyEnd;
import io.sluice.event.CopyStart;
import io.sluice.event.NotificationsReconnect;
import io.sluice.event.PoolEvent;
import io.sluice.event.StatementEnd;
import io.sluice.event.StatementStart;
import io.sluice.event.TransactionEnd;
import io.sluice.event.TransactionStart;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Several listeners as one ({@link EventListener#all}): each gets every event in order, with its
 * own token (the group's token is the array of them), and each is called through {@link Events},
 * so that one that throws is logged once on its own and the others still hear the event.
 */
public record AllListeners(List<EventListener> each) implements EventListener {
  public AllListeners {
    each = List.copyOf(each);
  }

  /** The group of {@code listeners}, in order. */
  public static AllListeners of(List<EventListener> listeners) {
    return new AllListeners(listeners);
  }

  /** The group of {@code listeners}, then {@code last}. */
  static AllListeners of(List<EventListener> listeners, EventListener last) {
    List<EventListener> all = new java.util.ArrayList<>(listeners);
    all.add(last);
    return of(all);
  }

  private Object[] start(Function<EventListener, Object> call) {
    Object[] tokens = new Object[each.size()];
    for (int i = 0; i < tokens.length; i++) {
      tokens[i] = Events.start(each.get(i), call);
    }
    return tokens;
  }

  private void end(Object token, BiConsumer<EventListener, Object> call) {
    Object[] tokens = token instanceof Object[] t && t.length == each.size() ? t : new Object[each.size()];
    for (int i = 0; i < tokens.length; i++) {
      Object own = tokens[i];
      Events.send(each.get(i), l -> call.accept(l, own));
    }
  }

  @Override
  public Object statementStart(StatementStart start) {
    return start(l -> l.statementStart(start));
  }

  @Override
  public void statementEnd(Object token, StatementEnd end) {
    end(token, (l, t) -> l.statementEnd(t, end));
  }

  @Override
  public Object batchStart(BatchStart start) {
    return start(l -> l.batchStart(start));
  }

  @Override
  public void batchEnd(Object token, BatchEnd end) {
    end(token, (l, t) -> l.batchEnd(t, end));
  }

  @Override
  public Object copyStart(CopyStart start) {
    return start(l -> l.copyStart(start));
  }

  @Override
  public void copyEnd(Object token, CopyEnd end) {
    end(token, (l, t) -> l.copyEnd(t, end));
  }

  @Override
  public Object connectStart(ConnectStart start) {
    return start(l -> l.connectStart(start));
  }

  @Override
  public void connectEnd(Object token, ConnectEnd end) {
    end(token, (l, t) -> l.connectEnd(t, end));
  }

  @Override
  public Object acquireStart(AcquireStart start) {
    return start(l -> l.acquireStart(start));
  }

  @Override
  public void acquireEnd(Object token, AcquireEnd end) {
    end(token, (l, t) -> l.acquireEnd(t, end));
  }

  @Override
  public void pool(PoolEvent event) {
    each.forEach(e -> Events.send(e, l -> l.pool(event)));
  }

  @Override
  public Object transactionStart(TransactionStart start) {
    return start(l -> l.transactionStart(start));
  }

  @Override
  public void transactionEnd(Object token, TransactionEnd end) {
    end(token, (l, t) -> l.transactionEnd(t, end));
  }

  @Override
  public void notificationsReconnected(NotificationsReconnect event) {
    each.forEach(e -> Events.send(e, l -> l.notificationsReconnected(event)));
  }

  @Override
  public void hostChanged(io.sluice.event.HostEvent event) {
    each.forEach(e -> Events.send(e, l -> l.hostChanged(event)));
  }

  @Override
  public void readOnPrimary(io.sluice.event.ReadOnPrimary event) {
    each.forEach(e -> Events.send(e, l -> l.readOnPrimary(event)));
  }
}
