package io.sluice.jdbc.internal;

/**
 * {@code ResultSetMetaData.getColumnDisplaySize}: the most characters a value of the column's type
 * prints as, with pgjdbc's figures ({@code TypeInfoCache.getDisplaySize}, its {@code unknownLength}
 * left at its default, {@code Integer.MAX_VALUE}, for types without a bound). An array column
 * reports its element type's size, as pgjdbc does.
 */
final class DisplaySizes {
  private static final int UNKNOWN = Integer.MAX_VALUE;

  private DisplaySizes() {}

  /** The display size of type {@code oid} with type modifier {@code typmod} (-1: none). */
  static int of(int oid, int typmod) {
    int type = JdbcTypes.elementOrSelf(oid);
    return switch (type) {
      case 21 -> 6;                  // -32768
      case 23 -> 11;                 // -2147483648
      case 26 -> 10;                 // 4294967295
      case 20 -> 20;                 // -9223372036854775808
      case 700 -> 15;                // sign, 9 digits, point, e, sign, 2 digits
      case 701 -> 25;                // sign, 18 digits, point, e, sign, 3 digits
      case 16, 18 -> 1;              // bool, "char"
      case 1082 -> 13;               // 4713-01-01 BC
      // hh:mm:ss (8) with its fraction; the date part (13) and a space; a zone +hh:mm (6)
      case 1083 -> 8 + fraction(typmod);
      case 1266 -> 8 + fraction(typmod) + 6;
      case 1114 -> 13 + 1 + 8 + fraction(typmod);
      case 1184 -> 13 + 1 + 8 + fraction(typmod) + 6;
      case 1186 -> 49;               // -123456789 years 11 months 33 days 23 hours 10.123456 seconds
      case 1042, 1043 -> typmod == -1 ? UNKNOWN : typmod - 4;
      case 1700 -> numeric(typmod);
      case 1560 -> typmod;           // bit(n)
      case 1562 -> typmod == -1 ? UNKNOWN : typmod;
      default -> UNKNOWN;
    };
  }

  /**
   * The seconds' fraction of a time or timestamp with precision {@code typmod}: the point and
   * its digits; 6 digits when unset, none for precision 0, and 2 for precision 1, as pgjdbc counts.
   */
  private static int fraction(int typmod) {
    return switch (typmod) {
      case -1 -> 6 + 1;
      case 0 -> 0;
      case 1 -> 2 + 1;
      default -> typmod + 1;
    };
  }

  /** numeric(p, s): sign, p digits and the point when s is not 0; 131089 unbounded (10^131071 printed). */
  private static int numeric(int typmod) {
    if (typmod == -1) {
      return 131089;
    }
    int precision = ((typmod - 4) >> 16) & 0xFFFF;
    int scale = (typmod - 4) & 0xFFFF;
    return 1 + precision + (scale != 0 ? 1 : 0);
  }
}
