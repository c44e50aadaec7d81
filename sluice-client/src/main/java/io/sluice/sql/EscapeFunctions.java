package io.sluice.sql;

import io.sluice.ValueException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JDBC scalar functions of <code>{fn …}</code> escapes (JDBC 4.3 appendix C) written as
 * PostgreSQL SQL, the way pgjdbc 42.7 writes them ({@code org.postgresql.jdbc.EscapedFunctions2}),
 * so that SQL written against pgjdbc means the same here. A function not listed is left as
 * written ({@code abs}, {@code mod}, {@code replace}, {@code now}… have the same name and meaning
 * in PostgreSQL).
 *
 * <p>Arguments are lists of the rewriter's pieces (text, and placeholders as opaque objects), so a
 * translation may reorder or repeat them: a placeholder repeated stays the one parameter.
 */
final class EscapeFunctions {
  /** One translation: the arguments in, the pieces out; refuses a wrong number of arguments. */
  @FunctionalInterface
  private interface Translation {
    List<Object> apply(String name, List<List<Object>> args);
  }

  private static final Map<String, Translation> TRANSLATIONS = Map.ofEntries(
      // numeric
      Map.entry("ceiling", call("ceil", 1)),
      Map.entry("log", call("ln", 1)),
      Map.entry("log10", call("log", 1)),
      Map.entry("power", call("pow", 2)),
      Map.entry("truncate", call("trunc", 2)),
      Map.entry("rand", (n, a) -> Pieces.of("random(", count(n, a, 0, 1), ",", ")")),
      // string
      Map.entry("char", call("chr", 1)),
      Map.entry("concat", (n, a) -> Pieces.of("(", new Args(a), "||", ")")),
      Map.entry("insert", (n, a) -> Pieces.of("overlay(", count(n, a, 4).get(0), " placing ", a.get(3), " from ",
          a.get(1), " for ", a.get(2), ")")),
      Map.entry("lcase", call("lower", 1)),
      Map.entry("ucase", call("upper", 1)),
      Map.entry("left", (n, a) -> Pieces.of("substring(", count(n, a, 2), " for ", ")")),
      Map.entry("length", (n, a) -> Pieces.of("length(trim(trailing from ", count(n, a, 1), "", "))")),
      Map.entry("locate", EscapeFunctions::locate),
      Map.entry("ltrim", (n, a) -> Pieces.of("trim(leading from ", count(n, a, 1), "", ")")),
      Map.entry("rtrim", (n, a) -> Pieces.of("trim(trailing from ", count(n, a, 1), "", ")")),
      Map.entry("right", (n, a) -> Pieces.of("substring(", count(n, a, 2).get(0), " from (length(", a.get(0),
          ")+1-", a.get(1), "))")),
      Map.entry("space", (n, a) -> Pieces.of("repeat(' ',", count(n, a, 1), "", ")")),
      Map.entry("substring", (n, a) -> Pieces.of("substr(", count(n, a, 2, 3), ",", ")")),
      Map.entry("character_length", (n, a) -> Pieces.of("char_length(", count(n, a, 1), "", ")")),
      // time and date
      Map.entry("curdate", keyword("current_date")),
      Map.entry("curtime", keyword("current_time")),
      Map.entry("current_date", keyword("current_date")),
      Map.entry("current_time", keyword("current_time")),
      Map.entry("current_timestamp", keyword("current_timestamp")),
      // FM: the name alone; pgjdbc's 'Day' and 'Month' pad it with spaces to nine characters
      Map.entry("dayname", (n, a) -> Pieces.of("to_char(", count(n, a, 1), "", ",'FMDay')")),
      Map.entry("monthname", (n, a) -> Pieces.of("to_char(", count(n, a, 1), "", ",'FMMonth')")),
      Map.entry("dayofmonth", field("day")),
      Map.entry("dayofweek", (n, a) -> Pieces.of("extract(dow from ", count(n, a, 1), "", ")+1")),
      Map.entry("dayofyear", field("doy")),
      Map.entry("hour", field("hour")),
      Map.entry("minute", field("minute")),
      Map.entry("month", field("month")),
      Map.entry("quarter", field("quarter")),
      Map.entry("second", field("second")),
      Map.entry("week", field("week")),
      Map.entry("year", field("year")),
      Map.entry("timestampadd", EscapeFunctions::timestampAdd),
      Map.entry("timestampdiff", EscapeFunctions::timestampDiff),
      // system
      Map.entry("database", keyword("current_database()")),
      Map.entry("ifnull", call("coalesce", 2)),
      Map.entry("user", keyword("user")));

  private EscapeFunctions() {}

  /** The translation of {@code name(args)}, or null when the function is written as it is. */
  static List<Object> translate(String name, List<List<Object>> args) {
    Translation t = TRANSLATIONS.get(name.toLowerCase(Locale.ROOT));
    return t == null ? null : t.apply(name, args);
  }

  private static Translation call(String function, int arguments) {
    return (n, a) -> Pieces.of(function + "(", count(n, a, arguments), ",", ")");
  }

  private static Translation keyword(String sql) {
    return (n, a) -> {
      count(n, a, 0);
      return List.of(sql);
    };
  }

  private static Translation field(String field) {
    return (n, a) -> Pieces.of("extract(" + field + " from ", count(n, a, 1), "", ")");
  }

  /** locate(search, in[, from]): 1-based, 0 when absent; from counts where the search starts. */
  private static List<Object> locate(String name, List<List<Object>> a) {
    count(name, a, 2, 3);
    if (a.size() == 2) {
      return Pieces.of("position(", new Args(a), " in ", ")");
    }
    // the position within the rest, plus the characters skipped unless nothing was found; pgjdbc
    // adds from rather than from - 1, one too many ({fn locate('c', 'abcabc', 4)} is 6, not 7)
    List<Object> within = Pieces.of("position(", a.get(0), " in substring(", a.get(1), " from ", a.get(2), "))");
    return Pieces.of("(((", a.get(2), ")-1)*sign(", within, ")+", within, ")");
  }

  /** timestampadd(SQL_TSI_unit, count, timestamp): the timestamp plus count units. */
  private static List<Object> timestampAdd(String name, List<List<Object>> a) {
    count(name, a, 3);
    String unit = unit(a.get(0));
    List<Object> interval = switch (unit) {
      case "QUARTER" -> Pieces.of("CAST((", a.get(1), "::int * 3) || ' month' as interval)");
      case "DAY", "SECOND", "HOUR", "MINUTE", "MONTH", "WEEK", "YEAR" ->
          Pieces.of("CAST(", a.get(1), "||' " + unit.toLowerCase(Locale.ROOT) + "' as interval)");
      default -> throw unsupported(unit);
    };
    return Pieces.of("(", interval, "+", a.get(2), ")");
  }

  /**
   * timestampdiff(SQL_TSI_unit, start, end), as pgjdbc writes it: the unit's field of {@code end -
   * start} (so a difference of 1 day 2 hours is 2 in hours, not 26), for days, hours, minutes and
   * seconds only. That is not JDBC's meaning, so, like pgjdbc, getTimeDateFunctions does not list it.
   */
  private static List<Object> timestampDiff(String name, List<List<Object>> a) {
    count(name, a, 3);
    String unit = unit(a.get(0));
    if (!List.of("DAY", "SECOND", "HOUR", "MINUTE").contains(unit)) {
      throw unsupported(unit);
    }
    return Pieces.of("extract( " + unit.toLowerCase(Locale.ROOT) + " from (", a.get(2), "-", a.get(1), "))");
  }

  /** The unit of an SQL_TSI_ constant, upper case, without the prefix. */
  private static String unit(List<Object> arg) {
    String text = Pieces.text(arg).toUpperCase(Locale.ROOT);
    if (!text.startsWith("SQL_TSI_")) {
      throw new ValueException("interval " + text + " is not an SQL_TSI_ constant");
    }
    return text.substring("SQL_TSI_".length());
  }

  /**
   * FRAC_SECOND has no one size (ODBC and SQL Server take nanoseconds, MySQL microseconds), so it
   * is refused rather than guessed, as pgjdbc does.
   */
  private static ValueException unsupported(String unit) {
    return new ValueException("interval SQL_TSI_" + unit + " is not supported in {fn timestampadd/timestampdiff}");
  }

  /** A function's arguments, each a list of pieces. */
  private record Args(List<List<Object>> all) {
    List<Object> get(int i) {
      return all.get(i);
    }
  }

  /** The arguments, once their number is one of {@code allowed}. */
  private static Args count(String name, List<List<Object>> args, int... allowed) {
    for (int n : allowed) {
      if (args.size() == n) {
        return new Args(args);
      }
    }
    throw new ValueException("{fn " + name + "} takes " + (allowed.length == 1 ? allowed[0]
        : allowed[0] + " or " + allowed[1]) + " argument(s), not " + args.size());
  }

  /** Building lists of pieces. */
  private static final class Pieces {
    /**
     * The parts in order; {@link Args} are written with the separator that follows them (which is
     * then skipped), a list of pieces is spliced in.
     */
    static List<Object> of(Object... parts) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < parts.length; i++) {
        Object p = parts[i];
        if (p instanceof Args args) {
          String separator = (String) parts[++i];
          for (int j = 0; j < args.all().size(); j++) {
            if (j > 0) {
              out.add(separator);
            }
            out.addAll(args.get(j));
          }
        } else if (p instanceof List<?> l) {
          out.addAll(l);
        } else {
          out.add(p);
        }
      }
      return out;
    }

    static String text(List<Object> pieces) {
      StringBuilder sb = new StringBuilder();
      for (Object p : pieces) {
        if (!(p instanceof String s)) {
          throw new ValueException("a placeholder cannot stand for an interval unit");
        }
        sb.append(s);
      }
      return sb.toString().strip();
    }
  }
}
