package io.sluice.jdbc.internal;

import io.sluice.internal.calls.Notices;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import java.sql.SQLException;

/** A JDBC connection's one server session, for its whole life: a connection that does not route. */
final class OneSession implements Sessions {
  private final io.sluice.Connection sluice;
  private final NotificationInbox notifications;

  OneSession(io.sluice.Connection sluice, ConnectionWarnings warnings) {
    this.sluice = sluice;
    Notices.route(sluice, warnings::add);
    this.notifications = new NotificationInbox(sluice);
  }

  @Override
  public NotificationInbox notifications() {
    return notifications;
  }

  @Override
  public <T> T run(boolean readOnly, boolean tracked, Work<T> work) throws SQLException {
    return work.run(sluice);
  }

  @Override
  public io.sluice.Connection current() {
    return sluice;
  }

  @Override
  public Transaction begin(TxOptions options) {
    return sluice.begin(options);
  }

  @Override
  public void end(Runnable ending) {
    ending.run();
  }

  @Override
  public void streamOpened() {}

  @Override
  public void streamEnded() {}

  @Override
  public String parameter(String name) {
    return sluice.parameter(name);
  }

  @Override
  public boolean isOpen() {
    return sluice.isOpen();
  }

  @Override
  public RouteHealth health(boolean readOnly) {
    return RouteHealth.UNKNOWN;
  }

  @Override
  public void cancel() {
    sluice.cancel();
  }

  @Override
  public void close() {
    notifications.close();
    sluice.close();
  }

  @Override
  public Object delegate() {
    return sluice;
  }

  @Override
  public String toString() {
    return sluice.toString();
  }
}
