package io.sluice.types;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A connection's {@link TypeContext}: the client feeds it every ParameterStatus the server sends
 * ({@link #serverParameter}). Reads are lock-free (volatile fields), so a row can be decoded on any
 * thread while the connection updates the settings.
 */
public final class SessionTypeContext implements TypeContext {
  private final TypeRegistry registry;
  private final JsonCodec json;
  private volatile ZoneId timeZone = ZoneOffset.UTC;
  private volatile String timeZoneName = "UTC";
  private volatile String dateStyle = "ISO, MDY";
  private volatile String intervalStyle = "postgres";

  public SessionTypeContext(TypeRegistry registry, JsonCodec json) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.json = Objects.requireNonNull(json, "json");
  }

  /**
   * Records a server parameter (from ParameterStatus). Parameters codecs do not use are ignored;
   * {@code integer_datetimes = off} (float timestamps, gone since PostgreSQL 10) is refused.
   * A {@code TimeZone} is read as PostgreSQL reads it ({@link ServerTimeZones}: zone names in any
   * case, POSIX offsets west of Greenwich); one Java cannot model (POSIX daylight rules) maps to UTC
   * for {@link #timeZone()}; the raw name stays available from {@link #timeZoneName()}.
   */
  public void serverParameter(String name, String value) {
    switch (name) {
      case "TimeZone" -> {
        timeZoneName = value;
        timeZone = zone(value);
      }
      case "DateStyle" -> dateStyle = value;
      case "IntervalStyle" -> intervalStyle = value;
      case "integer_datetimes" -> {
        // on since PostgreSQL 10; before, a build option could store times as float8 seconds
        if (!"on".equals(value)) {
          throw new CodecException("the server stores times as floating point (integer_datetimes = " + value
              + "), which is not supported");
        }
      }
      default -> { }
    }
  }

  private static ZoneId zone(String name) {
    return ServerTimeZones.zone(name);
  }

  @Override
  public TypeRegistry registry() {
    return registry;
  }

  @Override
  public JsonCodec json() {
    return json;
  }

  @Override
  public ZoneId timeZone() {
    return timeZone;
  }

  /** The server's {@code TimeZone} exactly as it reported it. */
  public String timeZoneName() {
    return timeZoneName;
  }

  @Override
  public String dateStyle() {
    return dateStyle;
  }

  @Override
  public String intervalStyle() {
    return intervalStyle;
  }
}
