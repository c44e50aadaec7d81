package io.sluice.jdbc.dropin;

import io.sluice.Notification;
import org.postgresql.PGNotification;

/** One NotificationResponse as pgjdbc's {@link PGNotification}: channel, sending backend, payload. */
record Notify(Notification notification) implements PGNotification {
  @Override
  public String getName() {
    return notification.channel();
  }

  @Override
  public int getPID() {
    return notification.processId();
  }

  @Override
  public String getParameter() {
    return notification.payload();
  }

  @Override
  public String toString() {
    return "PGNotification[" + notification.channel() + ", pid " + notification.processId() + ", "
        + notification.payload() + "]";
  }
}
