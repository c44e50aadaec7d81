#!/usr/bin/env bash
# Runs pgjdbc 42.7.13's own JDBC tests (packages org.postgresql.test.jdbc2, jdbc3, jdbc4, jdbc42 and
# their subpackages) twice against a PostgreSQL 15 this script starts:
#   A  on pgjdbc's released jar, with pgjdbc's own test kit;
#   B  on Sluice's driver (sluice-jdbc + sluice-jdbc-drop-in) in place of that jar, with our
#      driver-neutral test kit (src/) and only pgjdbc's plain value classes (see PLUMBING).
# then compares the two runs (compare.py). See README.md.
#
# usage: build/pgjdbc-suite/run.sh [prepare|jars|A|B|K|compare|all]   (default: all = prepare A B compare)
#        K: mode B's test kit on pgjdbc's jar, to check that the kit itself costs (almost) nothing
# env:   PGJDBC_MIRROR  git directory of a pgjdbc clone holding tag $PGJDBC_TAG (required)
#        MAVEN_REPO     local Maven repository        (default: ~/.m2/repository)
#        WORK           scratch directory             (default: /tmp/pgjdbc-suite)
#        PG_BIN         PostgreSQL 15 binaries        (default: /usr/lib/postgresql/15/bin)
#        PG_PORT        port on 127.0.0.1             (default: 54315)
#        SLUICE_BUILD   0 to reuse the Sluice jars already installed in MAVEN_REPO (default: 1)
#        TEST_TIMEOUT   JUnit default timeout per test (default: "2 m"; pgjdbc's build uses "5 m")
#        ONLY           test classes to run instead of the packages, relative to org.postgresql.test
#                       ("jdbc2.CopyTest jdbc42.PreparedStatementTest"); reports go to reports/<mode>-only
#        step jars      refreshes pgjdbc's jars and rebuilds and copies Sluice's, without recompiling the tests
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
step="${1:-all}"
PGJDBC_TAG="${PGJDBC_TAG:-REL42.7.13}"
MAVEN_REPO="${MAVEN_REPO:-$HOME/.m2/repository}"
WORK="${WORK:-/tmp/pgjdbc-suite}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PG_PORT="${PG_PORT:-54315}"
SLUICE_BUILD="${SLUICE_BUILD:-1}"
TEST_TIMEOUT="${TEST_TIMEOUT:-2 m}"
PACKAGES=(org.postgresql.test.jdbc2 org.postgresql.test.jdbc3 org.postgresql.test.jdbc4 org.postgresql.test.jdbc42)
# pgjdbc classes that are configuration and version values, not driver, connection or data-type
# classes: our test kit and pgjdbc's tests use them as plumbing in mode B. Everything else of
# org.postgresql in mode B is Sluice's drop-in (PSQLException, PSQLState, PGobject, ... come from it).
PLUMBING=(org/postgresql/PGProperty.class org/postgresql/PGEnvironment.class
  org/postgresql/core/Oid.class
  org/postgresql/util/GT.class org/postgresql/util/URLCoder.class org/postgresql/util/DriverInfo.class
  org/postgresql/util/internal/Nullness.class org/postgresql/util/internal/FileUtils.class
  # class loading by name, which the test kit's MiniJndiContext uses to find a Reference's factory
  org/postgresql/util/ClassUtils.class 'org/postgresql/util/ClassLoaderStrategy.class')

say() { printf 'pgjdbc-suite: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
mvn() { "$repo/bin/sluice" mvn -q -Dmaven.repo.local="$MAVEN_REPO" "$@"; }

java_home() {
  local d
  for d in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
    [ -n "$d" ] && [ -x "$d/bin/javac" ] || continue
    local v
    v=$("$d/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
    [ "${v%%.*}" -ge 21 ] 2>/dev/null && { printf '%s' "$d"; return; }
  done
  die "no JDK >= 21 found"
}
JDK="$(java_home)"
JAVA="$JDK/bin/java"
JAVAC="$JDK/bin/javac"

# Where PostgreSQL runs when this script is root: as postgres, else nobody (as sluice-testkit does).
server_user() {
  [ "$(id -u)" = 0 ] || return 0
  if id -u postgres >/dev/null 2>&1; then echo postgres; else echo nobody; fi
}
as_server() {
  local u; u="$(server_user)"
  if [ -n "$u" ]; then runuser -u "$u" -- "$@"; else "$@"; fi
}

cp_of() { local IFS=:; printf '%s' "$*"; }

prepare_jars() {
  say "jars: pgjdbc $PGJDBC_TAG and its test libraries"
  rm -rf "$WORK/jars" && mkdir -p "$WORK/jars"
  mvn -f "$here/pom.xml" dependency:copy-dependencies -DoutputDirectory="$WORK/jars" -DincludeScope=runtime
  if [ "$SLUICE_BUILD" = 1 ]; then
    say "building Sluice's driver from $repo"
    (cd "$repo" && mvn -pl sluice-protocol,sluice-types,sluice-testkit,sluice-client,sluice-jdbc,sluice-jdbc-drop-in \
      -am install -DskipTests)
  fi
  # the drop-in's jar and its runtime class path (sluice-jdbc, -client, -types, -protocol ...)
  (cd "$repo" && mvn -pl sluice-jdbc-drop-in dependency:build-classpath -DincludeScope=runtime \
    -Dmdep.outputFile="$WORK/sluice.classpath")
  local v; v=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$repo/sluice-jdbc-drop-in/pom.xml" | head -n1)
  # copied, so that a later install into the Maven repository (another build) cannot change the
  # jars under a run in progress
  rm -rf "$WORK/sluice-jars" && mkdir -p "$WORK/sluice-jars"
  local cp="" jar
  for jar in "$MAVEN_REPO/io/sluice/sluice-jdbc-drop-in/$v/sluice-jdbc-drop-in-$v.jar" \
      $(tr ':' ' ' < "$WORK/sluice.classpath"); do
    cp "$jar" "$WORK/sluice-jars/"
    cp="${cp:+$cp:}$WORK/sluice-jars/$(basename "$jar")"
  done
  printf '%s' "$cp" > "$WORK/sluice.classpath.full"
}

prepare_sources() {
  [ -n "${PGJDBC_MIRROR:-}" ] || die "set PGJDBC_MIRROR to the git directory of a pgjdbc clone"
  say "sources: $PGJDBC_TAG test sources from $PGJDBC_MIRROR"
  rm -rf "$WORK/src" && mkdir -p "$WORK/src"
  git --git-dir="$PGJDBC_MIRROR" archive "$PGJDBC_TAG" pgjdbc/src/test testkit/src | tar -x -C "$WORK/src"
  git --git-dir="$PGJDBC_MIRROR" show "$PGJDBC_TAG:build.properties" > "$WORK/build.properties"
}

compile() {
  local libs=("$WORK"/jars/*.jar) nolib=()
  for j in "${libs[@]}"; do case "$j" in */postgresql-*.jar) ;; *) nolib+=("$j") ;; esac; done
  local pgjar; pgjar=$(ls "$WORK"/jars/postgresql-*.jar)
  local c="$WORK/classes"; rm -rf "$c"; mkdir -p "$c"/{kit,tests,plumbing,neutral,kit-b}
  local jflags=(-nowarn -encoding UTF-8 -proc:none --release 21 -Xlint:none)
  say "compiling pgjdbc's test kit and tests against pgjdbc's jar"
  find "$WORK/src/testkit/src/main/java" -name '*.java' > "$c/kit.list"
  "$JAVAC" "${jflags[@]}" -d "$c/kit" -cp "$(cp_of "$pgjar" "${nolib[@]}")" @"$c/kit.list"
  local t="$WORK/src/pgjdbc/src/test/java"
  (for p in "${PACKAGES[@]}"; do find "$t/${p//.//}" -name '*.java'; done) > "$c/tests.list"
  # helpers outside those packages (test.util, util.TestLogHandler ...) come in through -sourcepath
  "$JAVAC" "${jflags[@]}" -d "$c/tests" -sourcepath "$t" -cp "$(cp_of "$c/kit" "$pgjar" "${nolib[@]}")" @"$c/tests.list"
  say "mode B kit: pgjdbc's plain value classes, our TestUtil and BaseTest4"
  (cd "$c/plumbing" && unzip -q -o "$pgjar" "${PLUMBING[@]}")
  find "$here/src" -name '*.java' > "$c/neutral.list"
  "$JAVAC" "${jflags[@]}" -Werror -d "$c/neutral" \
    -cp "$(cp_of "$c/plumbing" "$(cat "$WORK/sluice.classpath.full")" "${nolib[@]}")" @"$c/neutral.list"
  # pgjdbc's kit without the two classes we replace (annotations, conditions, streams stay)
  cp -r "$c/kit/." "$c/kit-b/"
  rm -f "$c/kit-b/org/postgresql/test/TestUtil"*.class "$c/kit-b/org/postgresql/test/jdbc2/BaseTest4"*.class
}

pg_start() {
  local pg="$WORK/pg"
  pg_stop || true
  rm -rf "$pg" && mkdir -p "$pg"
  local u; u="$(server_user)"
  [ -z "$u" ] || chown "$u" "$pg"
  say "PostgreSQL: initdb in $pg/data, port $PG_PORT"
  echo postgres > "$pg/pw" && [ -z "$u" ] || chown "$u" "$pg/pw"
  as_server "$PG_BIN/initdb" -D "$pg/data" -U postgres --pwfile="$pg/pw" -A scram-sha-256 -E UTF8 \
    --locale=C.UTF-8 >"$pg/initdb.log" 2>&1 || { cat "$pg/initdb.log"; die "initdb failed"; }
  # what pgjdbc's CI server (docker/postgres-server) configures: XA, logical WAL, local trust for the superuser
  cat >>"$pg/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$pg'
max_connections = 200
max_prepared_transactions = 64
wal_level = logical
fsync = off
full_page_writes = off
EOF
  cat >"$pg/data/pg_hba.conf" <<EOF
local   all           postgres                 trust
local   replication   postgres                 trust
host    all           all       127.0.0.1/32   scram-sha-256
host    replication   all       127.0.0.1/32   scram-sha-256
EOF
  as_server "$PG_BIN/pg_ctl" -D "$pg/data" -l "$pg/server.log" -w -t 60 start >/dev/null
  local psql=("$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$pg" -p "$PG_PORT" -U postgres)
  # the roles, databases and extensions pgjdbc's post-startup.sh creates for its tests
  as_server "${psql[@]}" -d postgres -c "CREATE USER test WITH PASSWORD 'test'" \
    -c "CREATE DATABASE test OWNER test" -c "CREATE DATABASE test_2 OWNER test"
  as_server "${psql[@]}" -d test -c "CREATE EXTENSION hstore"
}

pg_stop() {
  [ -f "$WORK/pg/data/postmaster.pid" ] || return 0
  as_server "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m fast -w stop >/dev/null
}

write_properties() {
  # pgjdbc's own build.properties (from the tag) stays as it is; ours only points it at our server
  # through build.local.properties, which pgjdbc's TestUtil reads after it
  cat >"$WORK/build.local.properties" <<EOF
test.url.PGHOST=127.0.0.1
test.url.PGPORT=$PG_PORT
privilegedPassword=postgres
EOF
}

# run_mode NAME CLASSPATH...
run_mode() {
  local mode="$1"; shift
  local cp; cp="$(cp_of "$@")"
  local out="$WORK/reports/$mode" sel=() c
  if [ -n "${ONLY:-}" ]; then
    out="$out-only"
    for c in $ONLY; do sel+=(--select-class "org.postgresql.test.$c"); done
  else
    for c in "${PACKAGES[@]}"; do sel+=(--select-package "$c"); done
  fi
  rm -rf "$out"; mkdir -p "$out"
  local standalone; standalone=$(ls "$WORK"/jars/junit-platform-console-standalone-*.jar)
  say "mode $mode: running (log in $out/console.log)"
  # JUnit settings as pgjdbc's build passes them (build-logic.test-junit5), except the timeout
  (cd "$WORK" && "$JAVA" -Xmx768m -Dbuild.properties.relative.path="$WORK/" ${MODE_OPTS:-} \
    -Djunit.jupiter.execution.parallel.enabled=true \
    -Djunit.jupiter.execution.parallel.config.strategy=DYNAMIC \
    -Djunit.jupiter.extensions.autodetection.enabled=true \
    -Djunit.jupiter.execution.timeout.default="$TEST_TIMEOUT" \
    -Dnet.bytebuddy.experimental=true \
    -jar "$standalone" execute -cp "$cp" "${sel[@]}" --include-classname '.*' \
    --details=summary --disable-banner --reports-dir "$out" >"$out/console.log" 2>&1) || true
  tail -n 20 "$out/console.log" >&2
}

libs_without_pgjdbc() {
  for j in "$WORK"/jars/*.jar; do
    case "$j" in */postgresql-*.jar|*/junit-platform-console-standalone-*.jar) ;; *) printf '%s\n' "$j" ;; esac
  done
}

mode_a() {
  local pgjar; pgjar=$(ls "$WORK"/jars/postgresql-*.jar)
  mapfile -t libs < <(libs_without_pgjdbc)
  run_mode A "$WORK/classes/tests" "$WORK/classes/kit" "$WORK/src/pgjdbc/src/test/resources" "$pgjar" "${libs[@]}"
}

mode_b() {
  mapfile -t libs < <(libs_without_pgjdbc)
  local c="$WORK/classes"
  local cp=("$c/neutral" "$c/tests" "$c/kit-b" "$WORK/src/pgjdbc/src/test/resources"
    "$(cat "$WORK/sluice.classpath.full")" "$c/plumbing" "${libs[@]}")
  # refuse to run unless every connection the tests can open is Sluice's
  "$JAVA" -cp "$(cp_of "${cp[@]}")" -Dbuild.properties.relative.path="$WORK/" \
    -Dpgjdbc.suite.requireConnectionPrefix=io.sluice. org.postgresql.test.SluiceOnlyCheck || die "mode B class path is not Sluice-only"
  MODE_OPTS="-Dpgjdbc.suite.requireConnectionPrefix=io.sluice." run_mode B "${cp[@]}"
  [ -z "${ONLY:-}" ] || return 0
  # which test classes do not link here (they name a pgjdbc class the drop-in does not have)
  find "$c/tests" -name '*.class' | sed -e "s|^$c/tests/||" -e 's|\.class$||' -e 's|/|.|g' | sort > "$c/test-classes.txt"
  "$JAVA" -cp "$(cp_of "${cp[@]}")" org.postgresql.test.LoadCheck "$c/test-classes.txt" "$WORK/reports/B/load-errors.tsv"
}

# a check of our kit, not of a driver: mode B's test kit on pgjdbc's jar. What passes in A but not
# here is lost to the kit's neutrality (questions only pgjdbc's internals answer), not to Sluice.
mode_k() {
  local pgjar; pgjar=$(ls "$WORK"/jars/postgresql-*.jar)
  mapfile -t libs < <(libs_without_pgjdbc)
  local c="$WORK/classes"
  run_mode K "$c/neutral" "$c/tests" "$c/kit-b" "$WORK/src/pgjdbc/src/test/resources" "$pgjar" "${libs[@]}"
}

compare() {
  python3 "$here/compare.py" "$WORK/reports/A" "$WORK/reports/B" | tee "$WORK/reports/compare.txt"
  if [ -d "$WORK/reports/K" ]; then
    python3 "$here/compare.py" "$WORK/reports/A" "$WORK/reports/K" > "$WORK/reports/compare-kit.txt"
    say "kit check (A against K) in $WORK/reports/compare-kit.txt"
  fi
}

mkdir -p "$WORK"
write_properties
case "$step" in
  prepare) prepare_jars; prepare_sources; compile ;;
  jars) prepare_jars ;;
  A) pg_start; mode_a; pg_stop ;;
  B) pg_start; mode_b; pg_stop ;;
  K) pg_start; mode_k; pg_stop ;;
  compare) compare ;;
  all) prepare_jars; prepare_sources; compile; pg_start; mode_a; pg_start; mode_b; pg_stop; compare ;;
  *) die "unknown step $step (prepare|jars|A|B|K|compare|all)" ;;
esac
