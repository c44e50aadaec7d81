package io.sluice.event;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A listener that keeps every event, in arrival order, with the thread it arrived on. Each start
 * returns a fresh {@link Token} naming its start record and thread, so that a test can check that
 * every end got the token of its own start.
 */
public final class EventRecorder implements EventListener {
  /** What a start method returned. */
  public record Token(Object start, Thread thread) {}

  /** An end method's arguments, and the thread it ran on. */
  public record Ended(Object token, Object end, Thread thread) {}

  public final Queue<Object> starts = new ConcurrentLinkedQueue<>();
  public final Queue<Ended> ends = new ConcurrentLinkedQueue<>();
  public final Queue<Object> single = new ConcurrentLinkedQueue<>();

  private Object started(Object start) {
    starts.add(start);
    return new Token(start, Thread.currentThread());
  }

  private void ended(Object token, Object end) {
    ends.add(new Ended(token, end, Thread.currentThread()));
  }

  public <T> List<T> starts(Class<T> type) {
    return starts.stream().filter(type::isInstance).map(type::cast).toList();
  }

  public <T> List<T> ends(Class<T> type) {
    return ends.stream().map(Ended::end).filter(type::isInstance).map(type::cast).toList();
  }

  public List<Ended> endsOf(Class<?> type) {
    return ends.stream().filter(e -> type.isInstance(e.end())).toList();
  }

  public <T> List<T> singles(Class<T> type) {
    return single.stream().filter(type::isInstance).map(type::cast).toList();
  }

  public void clear() {
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
  public void hostChanged(HostEvent event) {
    single.add(event);
  }

  @Override
  public void readOnPrimary(ReadOnPrimary event) {
    single.add(event);
  }

  public <T> List<T> single(Class<T> type) {
    return single.stream().filter(type::isInstance).map(type::cast).toList();
  }
}
