-- The lab's results: one row per run, one per measured execution; views that normalise them the
-- way "Postgres interface performance" (seed 003) does: each case's median relative to the
-- reference interface of that case (libpq when it ran, else pgjdbc).
create schema if not exists lab;

create table if not exists lab.run (
  id         bigserial primary key,
  started    timestamptz not null,
  finished   timestamptz,
  profile    text not null,
  warmups    int not null,
  runs       int not null,
  server     text not null,
  client     text not null,
  machine    text not null,
  cpus       int not null,
  interfaces jsonb not null,        -- name -> description (library, version, settings)
  status     text not null default 'running'
);

-- the warm-up rule of the run (io.sluice.bench.Warmup); warmups above is its minimum count
alter table lab.run add column if not exists warmup text;

create table if not exists lab.measurement (
  run_id     bigint not null references lab.run (id) on delete cascade,
  experiment text not null,         -- the seed experiment the case reproduces
  workload   text not null,         -- the case
  transport  text not null,         -- tcp (loopback), remote (latency proxy), ...
  connect    text not null,         -- once (a connection kept) or per-query
  interface  text not null,
  iteration  int not null,          -- 1..runs
  wall_s     double precision not null,
  cpu_s      double precision not null,   -- the client's own CPU over the same interval
  rows       bigint not null,
  alloc_bytes bigint not null,
  checksum   bigint not null,
  primary key (run_id, workload, interface, iteration)
);

-- per (case, interface): the first, cold call (before any warm-up; not among the measurements)
-- and how the warm-up went: executions, seconds, and why it ended (SETTLED, BUDGET or COUNT)
create table if not exists lab.warmup (
  run_id      bigint not null references lab.run (id) on delete cascade,
  workload    text not null,
  interface   text not null,
  cold_wall_s double precision not null,
  cold_cpu_s  double precision not null,
  executions  int not null,
  warm_s      double precision not null,
  stop        text not null,
  primary key (run_id, workload, interface)
);

create or replace view lab.summary as
select run_id, experiment, workload, transport, connect, interface, count(*) as n,
       min(wall_s) as wall_min, percentile_cont(0.5) within group (order by wall_s) as wall_median,
       max(wall_s) as wall_max,
       min(cpu_s) as cpu_min, percentile_cont(0.5) within group (order by cpu_s) as cpu_median,
       max(cpu_s) as cpu_max,
       max(rows) as rows
from lab.measurement
group by run_id, experiment, workload, transport, connect, interface;

create or replace view lab.normalised as
select s.*, r.interface as reference,
       s.wall_median / nullif(r.wall_median, 0) as wall_ratio,
       s.cpu_median / nullif(r.cpu_median, 0) as cpu_ratio,
       s.wall_median / nullif(s.rows, 0) * 1e6 as wall_us_per_row
from lab.summary s
join lateral (
  select * from lab.summary r
  where r.run_id = s.run_id and r.workload = s.workload and r.interface in ('libpq', 'pgjdbc')
  order by r.interface = 'libpq' desc
  limit 1) r on true;

create or replace view lab.by_interface as
select run_id, interface, count(*) as cases,
       exp(avg(ln(wall_ratio))) as wall_ratio_geomean, min(wall_ratio) as wall_ratio_min,
       max(wall_ratio) as wall_ratio_max, exp(avg(ln(nullif(cpu_ratio, 0)))) as cpu_ratio_geomean
from lab.normalised where wall_ratio > 0
group by run_id, interface;

create or replace view lab.by_transport as
select run_id, transport, interface, count(*) as cases,
       exp(avg(ln(wall_ratio))) as wall_ratio_geomean, min(wall_ratio) as wall_ratio_min,
       max(wall_ratio) as wall_ratio_max
from lab.normalised where wall_ratio > 0
group by run_id, transport, interface;

create or replace view lab.by_connect as
select run_id, connect, interface, count(*) as cases,
       exp(avg(ln(wall_ratio))) as wall_ratio_geomean, min(wall_ratio) as wall_ratio_min,
       max(wall_ratio) as wall_ratio_max
from lab.normalised where wall_ratio > 0
group by run_id, connect, interface;

-- the same case over time: one line per run, for comparing builds and machines
create or replace view lab.history as
select r.id as run_id, r.started, r.profile, r.machine, n.workload, n.interface, n.wall_median, n.wall_ratio
from lab.run r join lab.normalised n on n.run_id = r.id
where r.status = 'done';

-- seed 002, "where the time goes": per measured execution, the client's CPU, the server's CPU
-- (every backend of the server, from /proc) and the rest of the wall time (the wire, waiting)
create table if not exists lab.split (
  run_id       bigint not null references lab.run (id) on delete cascade,
  workload     text not null,
  interface    text not null,
  iteration    int not null,
  wall_s       double precision not null,
  client_cpu_s double precision not null,
  server_cpu_s double precision not null,
  primary key (run_id, workload, interface, iteration)
);

create or replace view lab.split_summary as
select run_id, workload, interface, count(*) as n,
       percentile_cont(0.5) within group (order by wall_s) as wall_median,
       min(wall_s) as wall_min, max(wall_s) as wall_max,
       percentile_cont(0.5) within group (order by client_cpu_s) as client_cpu_median,
       percentile_cont(0.5) within group (order by server_cpu_s) as server_cpu_median,
       greatest(0, percentile_cont(0.5) within group (order by wall_s - client_cpu_s - server_cpu_s)) as rest_median
from lab.split
group by run_id, workload, interface;

-- the HTTP cases per request (issue 24): a measurement of an HTTP case is one ab run after the
-- warm-up, its rows the requests served, its cpu_s the lab JVM's (the HTTP server with its database
-- client and JSON encoder; ab and PostgreSQL are other processes); min/median/max over the runs
create or replace view lab.per_request as
select run_id, workload, transport, interface, count(*) as n,
       min(rows / wall_s) as requests_per_s_min,
       percentile_cont(0.5) within group (order by rows / wall_s) as requests_per_s_median,
       max(rows / wall_s) as requests_per_s_max,
       min(cpu_s / rows) * 1e6 as cpu_us_per_request_min,
       percentile_cont(0.5) within group (order by cpu_s / rows) * 1e6 as cpu_us_per_request_median,
       max(cpu_s / rows) * 1e6 as cpu_us_per_request_max
from lab.measurement
where transport = 'http' and rows > 0 and wall_s > 0
group by run_id, workload, transport, interface;

-- issue 27's changes case: the lag from a transaction's commit to its delivery to the application,
-- per interface, while a producer commits 100-row transactions at a fixed rate (io.sluice.lab.changes)
create table if not exists lab.change_lag (
  run_id           bigint not null references lab.run (id) on delete cascade,
  workload         text not null,
  interface        text not null,
  target_rate      int not null,               -- changes per second asked of the producer
  transaction_rows int not null,
  seconds          double precision not null,  -- how long the producer wrote
  commits          bigint not null,
  changes          bigint not null,
  written_rate     double precision not null,  -- changes per second the producer managed
  p50_ms           double precision not null,
  p99_ms           double precision not null,
  max_ms           double precision not null,
  primary key (run_id, workload, interface)
);

-- issue 36's fleet-failover case: per interface and fault of a Patroni cluster (synchronous_mode),
-- what callers saw (io.sluice.lab.fleet.FleetFailover): acknowledged writes lost, writes reported
-- not sent that committed, from the fault to the first write after the outage, stale reads
create table if not exists lab.failover (
  run_id             bigint not null references lab.run (id) on delete cascade,
  workload           text not null,
  interface          text not null,
  fault              text not null,               -- postmaster-killed, switchover
  leader_before      text not null,
  leader_after       text not null,
  recovered          boolean not null,            -- writes came back within the case's bound
  acked              int not null,
  lost               int not null,                -- acknowledged, not on the leader afterwards
  not_sent           int not null,
  not_sent_committed int not null,
  server_errors      int not null,
  unknown            int not null,                -- the caller could not know whether it ran
  unknown_committed  int not null,
  read_errors        int not null,
  first_ack_ms       bigint not null,             -- fault to the first write after the outage; -1: none
  outage_ms          bigint not null,             -- the longest gap between acknowledged writes after the fault
  pairs              int not null,                -- acknowledged writes read back
  stale              int not null,                -- of those, reads that missed the row
  errors             text,                        -- what callers saw: count × kind; ...
  primary key (run_id, workload, interface, fault)
);
