package io.sluice;

import io.sluice.event.AcquireEnd;
import io.sluice.event.AcquireStart;
import io.sluice.event.BatchEnd;
import io.sluice.event.BatchStart;
import io.sluice.event.ConnectEnd;
import io.sluice.event.ConnectStart;
import io.sluice.event.CopyEnd;
import io.sluice.event.CopyStart;
import io.sluice.event.EventListener;
import io.sluice.event.NotificationsReconnect;
import io.sluice.event.PoolEvent;
import io.sluice.event.StatementEnd;
import io.sluice.event.StatementStart;
import io.sluice.event.TransactionEnd;
import io.sluice.event.TransactionStart;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A listener that keeps every event, in arrival order, with the thread it arrived on. Each start
 * returns a fresh {@link Token} naming its start record and thread, so that a test can check that
 * every end got the token of its own start.
 */
final class EventRecorder implements EventListener {
  /** What a start method returned. */
  record Token(Object start, Thread thread) {}

  /** An end method's arguments, and the thread it ran on. */
  record Ended(Object token, Object end, Thread thread) {}

  final Queue<Object> starts = new ConcurrentLinkedQueue<>();
  final Queue<Ended> ends = new ConcurrentLinkedQueue<>();
  final Queue<Object> single = new ConcurrentLinkedQueue<>();

  private Object started(Object start) {
    starts.add(start);
    return new Token(start, Thread.currentThread());
  }

  private void ended(Object token, Object end) {
    ends.add(new Ended(token, end, Thread.currentThread()));
  }

  <T> List<T> starts(Class<T> type) {
    return starts.stream().filter(type::isInstance).map(type::cast).toList();
  }

  <T> List<T> ends(Class<T> type) {
    return ends.stream().map(Ended::end).filter(type::isInstance).map(type::cast).toList();
  }

  List<Ended> endsOf(Class<?> type) {
    return ends.stream().filter(e -> type.isInstance(e.end())).toList();
  }

  <T> List<T> singles(Class<T> type) {
    return single.stream().filter(type::isInstance).map(type::cast).toList();
  }

  void clear() {
    starts.clear();
    ends.clear();
    single.clear();
  }

  @Override
  public Object statementStart(StatementStart start) {
    return started(start);
  }

  @Override
  public void statementEnd(Object token, StatementEnd end) {
    ended(token, end);
  }

  @Override
  public Object batchStart(BatchStart start) {
    return started(start);
  }

  @Override
  public void batchEnd(Object token, BatchEnd end) {
    ended(token, end);
  }

  @Override
  public Object copyStart(CopyStart start) {
    return started(start);
  }

  @Override
  public void copyEnd(Object token, CopyEnd end) {
    ended(token, end);
  }

  @Override
  public Object connectStart(ConnectStart start) {
    return started(start);
  }

  @Override
  public void connectEnd(Object token, ConnectEnd end) {
    ended(token, end);
  }

  @Override
  public Object acquireStart(AcquireStart start) {
    return started(start);
  }

  @Override
  public void acquireEnd(Object token, AcquireEnd end) {
    ended(token, end);
  }

  @Override
  public void pool(PoolEvent event) {
    single.add(event);
  }

  @Override
  public Object transactionStart(TransactionStart start) {
    return started(start);
  }

  @Override
  public void transactionEnd(Object token, TransactionEnd end) {
    ended(token, end);
  }

  @Override
  public void notificationsReconnected(NotificationsReconnect event) {
    single.add(event);
  }

  @Override
  public void hostChanged(io.sluice.event.HostEvent event) {
    single.add(event);
  }

  @Override
  public void readOnPrimary(io.sluice.event.ReadOnPrimary event) {
    single.add(event);
  }

  <T> List<T> single(Class<T> type) {
    return single.stream().filter(type::isInstance).map(type::cast).toList();
  }
}
