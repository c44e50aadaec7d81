package org.postgresql.core;

import java.util.Locale;

/** The server versions pgjdbc's code asks about ({@code haveMinimumServerVersion(ServerVersion.v12)}), and a parser. */
public enum ServerVersion implements Version {
  INVALID("0.0.0"),
  v8_2("8.2.0"),
  v8_3("8.3.0"),
  v8_4("8.4.0"),
  v9_0("9.0.0"),
  v9_1("9.1.0"),
  v9_2("9.2.0"),
  v9_3("9.3.0"),
  v9_4("9.4.0"),
  v9_5("9.5.0"),
  v9_6("9.6.0"),
  v10("10"),
  v11("11"),
  v12("12"),
  v13("13"),
  v14("14"),
  v15("15"),
  v16("16"),
  v17("17"),
  v18("18"),
  v19("19"),
  v20("20");

  private final int version;

  ServerVersion(String version) {
    this.version = number(version);
  }

  @Override
  public int getVersionNum() {
    return version;
  }

  @Override
  public int getMajorVersionNumber() {
    return version / 10000;
  }

  /** The version {@code text} names ({@code "15.18 (Debian 15.18-0+deb12u1)"}, {@code "9.6.5"}, {@code "170007"}). */
  public static Version from(String text) {
    int n = number(text);
    return new Version() {
      @Override
      public int getVersionNum() {
        return n;
      }

      @Override
      public int getMajorVersionNumber() {
        return n / 10000;
      }

      @Override
      public boolean equals(Object o) {
        return o instanceof Version v && v.getVersionNum() == n;
      }

      @Override
      public int hashCode() {
        return n;
      }

      @Override
      public String toString() {
        return Integer.toString(n);
      }
    };
  }

  /**
   * server_version as a number: from 10 on, major and minor ({@code 15.18} is 150018, a
   * development version's {@code 18beta1} is 180000); before, three parts ({@code 9.6.5} is
   * 90605); a number of five or more digits is taken as it is; 0 for null or none.
   */
  static int number(String text) {
    if (text == null) {
      return 0;
    }
    String t = text.strip().toLowerCase(Locale.ROOT);
    int end = 0;
    while (end < t.length() && (Character.isDigit(t.charAt(end)) || t.charAt(end) == '.')) {
      end++;
    }
    String[] parts = t.substring(0, end).split("\\.");
    if (parts.length == 0 || parts[0].isEmpty()) {
      return 0;
    }
    try {
      int major = Integer.parseInt(parts[0]);
      if (parts.length == 1 && parts[0].length() >= 5) {
        return major;   // already server_version_num
      }
      int second = parts.length > 1 && !parts[1].isEmpty() ? Integer.parseInt(parts[1]) : 0;
      if (major >= 10) {
        return major * 10000 + second;
      }
      int third = parts.length > 2 && !parts[2].isEmpty() ? Integer.parseInt(parts[2]) : 0;
      return major * 10000 + second * 100 + third;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
