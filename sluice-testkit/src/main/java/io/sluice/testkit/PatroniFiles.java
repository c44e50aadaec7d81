package io.sluice.testkit;

import java.nio.file.Path;
import java.util.List;

/**
 * The configuration files of a testkit Patroni cluster: one Patroni YAML per member and the
 * HAProxy configuration in front of them. Everything listens on 127.0.0.1; authentication is
 * {@code trust} on loopback (the tests are about routing, not signing in).
 */
final class PatroniFiles {
  /** The DCS timings: a leader key lives {@code TTL} s; {@code loop_wait + 2 * retry_timeout <= ttl}. */
  static final int TTL = 10;
  static final int LOOP_WAIT = 1;
  static final int RETRY_TIMEOUT = 4;

  private PatroniFiles() {}

  /** Patroni's YAML for member {@code m} of cluster {@code scope}, its DCS the etcd at {@code etcdPort}. */
  static String member(String scope, Patroni.Member m, int etcdPort, Path base, Path bin) {
    return """
        scope: %1$s
        name: %2$s
        log:
          level: INFO
        restapi:
          listen: 127.0.0.1:%3$d
          connect_address: 127.0.0.1:%3$d
        etcd3:
          hosts: 127.0.0.1:%4$d
        bootstrap:
          dcs:
            ttl: %7$d
            loop_wait: %8$d
            retry_timeout: %9$d
            maximum_lag_on_failover: 1048576
            synchronous_mode: true
            postgresql:
              use_pg_rewind: true
              use_slots: true
              parameters:
                wal_log_hints: 'on'
                max_connections: 60
                synchronous_commit: 'on'
          initdb:
            - encoding: UTF8
            - locale: C
            - auth: trust
          pg_hba:
            - local all all trust
            - host replication all 127.0.0.1/32 trust
            - host all all 127.0.0.1/32 trust
        postgresql:
          listen: 127.0.0.1:%5$d
          connect_address: 127.0.0.1:%5$d
          data_dir: %6$s
          bin_dir: %10$s
          pgpass: %11$s
          authentication:
            superuser: {username: postgres, password: sluice}
            replication: {username: replicator, password: sluice}
            rewind: {username: postgres, password: sluice}
          parameters:
            unix_socket_directories: '%12$s'
            shared_buffers: 16MB
            fsync: 'off'
        """.formatted(scope, m.name(), m.restPort(), etcdPort, m.pgPort(), m.dataDirectory(), TTL, LOOP_WAIT,
        RETRY_TIMEOUT, bin, base.resolve(m.name() + ".pgpass"), base);
  }

  /**
   * HAProxy over {@code members}: {@code primaryPort} goes to the member whose Patroni REST
   * answers 200 on {@code /primary}, {@code replicaPort} round-robin to those answering 200 on
   * {@code /replica}. Checks every 300 ms, down after 2 failures; a member marked down has its
   * sessions shut (HAProxy's {@code on-marked-down shutdown-sessions}), as production setups do.
   */
  static String haproxy(List<Patroni.Member> members, int primaryPort, int replicaPort) {
    StringBuilder b = new StringBuilder("""
        global
          maxconn 400
        defaults
          mode tcp
          timeout connect 2s
          timeout client 30m
          timeout server 30m
          timeout check 1s
        """);
    listen(b, "primary", primaryPort, "/primary", members);
    listen(b, "replicas", replicaPort, "/replica", members);
    return b.toString();
  }

  private static void listen(StringBuilder b, String name, int port, String check, List<Patroni.Member> members) {
    b.append("listen ").append(name).append('\n')
        .append("  bind 127.0.0.1:").append(port).append('\n')
        .append("  balance roundrobin\n")
        .append("  option httpchk GET ").append(check).append('\n')
        .append("  http-check expect status 200\n")
        .append("  default-server inter 300ms fall 2 rise 1 on-marked-down shutdown-sessions\n");
    for (Patroni.Member m : members) {
      b.append("  server ").append(m.name()).append(" 127.0.0.1:").append(m.pgPort())
          .append(" check port ").append(m.restPort()).append('\n');
    }
  }
}
