package io.sluice.lab.report;

import io.sluice.bench.Series;
import io.sluice.bench.Workload;
import io.sluice.lab.LabCase;
import io.sluice.lab.Profiles;
import io.sluice.lab.scale.PoolScaling;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which interface ran which case: a matrix of cases × interfaces whose cells are "ran" or the
 * number of a reason, each reason written once ({@link #reasons}).
 *
 * @param interfaces the columns, in report order
 * @param cells per case name, per interface: 0 when it ran, else the reason's number (1-based)
 */
public record Coverage(List<String> interfaces, Map<String, Map<String, Integer>> cells, List<String> reasons) {

  /** Modes of one library, by the suffix after its base name. */
  private static final List<String> MODES = List.of("-binary", "-stream", "-pool", "-single", "-pipeline");

  /**
   * @param interfaces every interface of the run, those that could not start included
   * @param unavailable why an interface could not start, by name
   */
  public static Coverage of(List<LabCase> cases, List<String> interfaces, List<Series> results,
      Map<String, String> unavailable) {
    List<String> columns = new ArrayList<>(interfaces);
    results.stream().map(Series::driver).distinct().filter(d -> !columns.contains(d)).forEach(columns::add);
    List<String> reasons = new ArrayList<>();
    Map<String, Map<String, Integer>> cells = new LinkedHashMap<>();
    for (LabCase c : cases) {
      Map<String, Integer> row = new LinkedHashMap<>();
      for (String i : columns) {
        boolean ran = results.stream().anyMatch(s -> s.driver().equals(i) && s.workload().name().equals(c.name())
            && !s.isEmpty());
        if (ran) {
          row.put(i, 0);
        } else {
          String why = reason(c, i, results, unavailable);
          int n = reasons.indexOf(why);
          if (n < 0) {
            reasons.add(why);
            n = reasons.size() - 1;
          }
          row.put(i, n + 1);
        }
      }
      cells.put(c.name(), row);
    }
    return new Coverage(columns, cells, reasons);
  }

  static String reason(LabCase c, String i, List<Series> results, Map<String, String> unavailable) {
    if (unavailable.containsKey(i)) {
      return i + " could not start on this machine: " + unavailable.get(i);
    }
    boolean scaling = PoolScaling.names().contains(i);
    if (c.name().startsWith(Profiles.POOL_SCALING) != scaling) {
      return scaling ? "the pool set-ups of " + Profiles.POOL_SCALING + " run that case only"
          : Profiles.POOL_SCALING + " compares pool set-ups of its own (Sluice pools of 1 to 8 connections, pgjdbc +"
              + " HikariCP of 8)";
    }
    if (c.name().startsWith(Profiles.CHANGES)) {
      return Profiles.CHANGES + " compares change streams: Sluice's ChangeStream and pgjdbc's PGReplicationStream";
    }
    if (c.name().equals(Profiles.FLEET_FAILOVER)) {
      return Profiles.FLEET_FAILOVER + " times no executions: its figures per interface and fault (sluice, pgjdbc) are"
          + " in the notes and lab.failover";
    }
    if (c.name().startsWith(Profiles.FLEET)) {
      return Profiles.FLEET + " compares Sluice's routing pool (read_your_writes on and off) with pgjdbc's write and"
          + " preferSecondary read pools, on a fleet of its own";
    }
    if (c.name().startsWith(Profiles.POOLER)) {
      return Profiles.POOLER + " compares Sluice's pool and pgjdbc + HikariCP through PgBouncer in transaction mode";
    }
    if (c.name().startsWith(Profiles.BUFFERED_VS_STREAMED)) {
      return Profiles.BUFFERED_VS_STREAMED + " compares Sluice's buffered and streamed modes only, in fresh JVMs";
    }
    boolean http = i.startsWith("http-");
    if (http && c.transport().equals("http") && c.name().endsWith(Profiles.REMOTE)) {
      return "over the remote link, the Java HTTP servers only (pgjdbc + HikariCP, Sluice)";
    }
    if (c.transport().equals("http") != http) {
      return http ? "the HTTP servers run the HTTP cases only"
          : "the HTTP cases compare the HTTP servers (Sluice and its peers, each on Jetty)";
    }
    if (c.transport().equals("unix") && !Profiles.UNIX_INTERFACES.contains(i)) {
      return "TCP only here (pgjdbc would need junixsocket, vert.x a native transport)";
    }
    if (i.startsWith("clj-")) {
      return "the Clojure interfaces run seed 000's bulk reads only";
    }
    if (i.equals("psql") && c.workload().output() != Workload.Output.NONE) {
      return "psql prints every row anyway: it has no separate print cases";
    }
    for (String m : MODES) {
      String base = i.endsWith(m) ? i.substring(0, i.length() - m.length()) : null;
      if (base != null && results.stream().anyMatch(s -> s.driver().equals(base)
          && s.workload().name().equals(c.name()))) {
        return "a mode that changes nothing on this case: its library runs it once, in its plain mode";
      }
    }
    return switch (c.workload().kind()) {
      case COPY_IN, COPY_OUT -> "no COPY in that interface";
      case POINT_CONNECT -> "no connection per query in that interface here";
      case BATCH_INSERT -> "no batch API measured for that interface";
      case POINT_POOLED, WRITE_POOL_TRANSACTION -> "no pool in that interface or mode";
      default -> "no such operation in that interface or mode";
    };
  }
}
