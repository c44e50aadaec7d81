/*
 * pqbench: the lab's libpq client. One execution of a workload over one connection, every value
 * decoded from the binary format and folded into the same checksum as the Java drivers
 * (io.sluice.bench.Fold and Checksum), so that all interfaces can be checked to agree.
 *
 *   pqbench CONNINFO MODE KIND TOUCH TYPES SQL  < ids (one per line, for KIND points)
 *
 * MODE   normal   PQexecParams / PQexecPrepared, the whole result at once
 *        single   single-row mode (PQsetSingleRowMode): rows as they arrive
 *        pipeline pipeline mode: point queries sent ahead in a window, each with its own Sync
 * KIND   bulk (run SQL once), points (SQL with $1, once per id), connect (as points, each on a
 *        new connection: connecting is measured), copyout (SQL is a COPY TO
 *        STDOUT: lines and bytes are counted), copyin (TYPES is a file of rows in COPY's text
 *        format, read before the clock starts; SQL is "statement before\nCOPY … FROM STDIN")
 *        writes (SQL is several statements with $1, separated by ";\n", run in turn per id in
 *        autocommit), txwrites (as writes, each id's statements between BEGIN and COMMIT)
 * TOUCH  1: decode every value; 0: count rows only
 * TYPES  int4,int8,float8,numeric,text,bool,date,timestamptz,uuid (comma-separated, in order)
 *
 * Prints "rows checksum wall_ns cpu_ns" (connecting excluded; CPU is this process's). With
 * PQBENCH_PRINT=PATH in the environment, every row read with TOUCH 1 is also written to PATH as a
 * line of tab-separated text (int4 and text columns only), inside the measured time.
 *
 *   pqbench --exec PROGRAM ARGS...
 *
 * runs PROGRAM (psql) with its output passed through, and then writes "wall_ns cpu_ns" of that
 * child (user + system, from wait4) to stderr.
 */
#include <libpq-fe.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fold.h"

static int touch;
static FILE *print_out;

static void die(const char *what, PGconn *c) {
  fprintf(stderr, "pqbench: %s%s%s\n", what, c ? ": " : "", c ? PQerrorMessage(c) : "");
  exit(1);
}

static uint32_t be32(const char *p) {
  const unsigned char *u = (const unsigned char *) p;
  return ((uint32_t) u[0] << 24) | ((uint32_t) u[1] << 16) | ((uint32_t) u[2] << 8) | u[3];
}

static uint64_t be64(const char *p) { return ((uint64_t) be32(p) << 32) | be32(p + 4); }

static uint16_t be16(const char *p) {
  const unsigned char *u = (const unsigned char *) p;
  return (uint16_t) ((u[0] << 8) | u[1]);
}

/* Java's BigDecimal.hashCode() of a binary numeric: 31 * hash(unscaled BigInteger) + scale. */
static int64_t numeric_hash(const char *p, int len) {
  if (len < 8) die("short numeric", NULL);
  int ndigits = (int16_t) be16(p), weight = (int16_t) be16(p + 2), sign = be16(p + 4), dscale = (int16_t) be16(p + 6);
  if (sign == 0xC000 || sign == 0xD000 || sign == 0xF000) die("numeric NaN or infinity has no BigDecimal", NULL);
  int groups = (dscale + 3) / 4; /* base-10000 digits after the point */
  unsigned __int128 u = 0;
  for (int pos = weight; pos >= -groups; pos--) {
    int i = weight - pos;
    int d = (i >= 0 && i < ndigits) ? be16(p + 8 + 2 * i) : 0;
    u = decimal_shift(u, 10000, (unsigned) d);
  }
  for (int extra = groups * 4 - dscale; extra > 0; extra--) u /= 10;
  return decimal_hash(u, sign == 0x4000, dscale);
}

static int64_t value(const PGresult *r, int row, int col) {
  if (PQgetisnull(r, row, col)) return NULL_VALUE;
  const char *p = PQgetvalue(r, row, col);
  int len = PQgetlength(r, row, col);
  switch (types[col]) {
    case T_INT4: return (int32_t) be32(p);
    case T_INT8: return (int64_t) be64(p);
    case T_FLOAT8: {
      uint64_t bits = be64(p);
      if ((bits & 0x7FF0000000000000ULL) == 0x7FF0000000000000ULL && (bits & 0x000FFFFFFFFFFFFFULL) != 0)
        bits = 0x7ff8000000000000ULL; /* Java's one canonical NaN */
      return (int64_t) bits;
    }
    case T_NUMERIC: return numeric_hash(p, len);
    case T_TEXT: return string_hash(p, len);
    case T_BOOL: return p[0] ? 1 : 2;
    case T_DATE: return (int64_t) (int32_t) be32(p) + PG_EPOCH_DAYS;
    case T_TIMESTAMPTZ: return (int64_t) be64(p) + PG_EPOCH_MICROS;
    case T_UUID: return (int64_t) (be64(p) * 31u + be64(p + 8));
  }
  return 0;
}

/* One value as text, for PQBENCH_PRINT: int4 in decimal, text as it is, NULL as \N. */
static void print_value(const PGresult *r, int row, int col, char after) {
  if (PQgetisnull(r, row, col)) {
    fputs("\\N", print_out);
  } else if (types[col] == T_INT4) {
    fprintf(print_out, "%d", (int32_t) be32(PQgetvalue(r, row, col)));
  } else if (types[col] == T_TEXT) {
    fwrite(PQgetvalue(r, row, col), 1, (size_t) PQgetlength(r, row, col), print_out);
  } else {
    die("PQBENCH_PRINT prints int4 and text columns only", NULL);
  }
  fputc(after, print_out);
}

static void fold_result(const PGresult *r) {
  int rows = PQntuples(r), cols = PQnfields(r);
  if (touch && cols != ntypes) {
    fprintf(stderr, "pqbench: %d columns, %d types given\n", cols, ntypes);
    exit(1);
  }
  for (int i = 0; i < rows; i++) {
    if (touch) {
      for (int c = 0; c < cols; c++) {
        add(value(r, i, c));
        if (print_out) print_value(r, i, c, c + 1 < cols ? '\t' : '\n');
      }
      end_row();
    } else {
      fold_rows++;
    }
  }
}

static void expect(PGresult *r, PGconn *c, ExecStatusType want, const char *what) {
  if (!r || PQresultStatus(r) != want) {
    fprintf(stderr, "pqbench: %s: %s", what, r ? PQresultErrorMessage(r) : PQerrorMessage(c));
    exit(1);
  }
}

static int exec_child(char **argv) {
  int64_t wall0 = nanos(CLOCK_MONOTONIC);
  pid_t pid = fork();
  if (pid < 0) die("fork", NULL);
  if (pid == 0) {
    execvp(argv[0], argv);
    perror("pqbench: exec");
    _exit(127);
  }
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) < 0) die("wait4", NULL);
  int64_t wall = nanos(CLOCK_MONOTONIC) - wall0;
  int64_t cpu = ((int64_t) ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL
      + ((int64_t) ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
  fprintf(stderr, "%lld %lld\n", (long long) wall, (long long) cpu);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "--exec") == 0) return exec_child(argv + 2);
  if (argc != 7) {
    fprintf(stderr, "usage: pqbench CONNINFO normal|single|pipeline bulk|points TOUCH TYPES SQL < ids\n");
    return 2;
  }
  const char *mode = argv[2], *kind = argv[3];
  char *sql = argv[6];
  touch = atoi(argv[4]);
  if (strcmp(argv[3], "copyin") != 0) parse_types(argv[5]);
  int connect_each = strcmp(kind, "connect") == 0;
  int txwrites = strcmp(kind, "txwrites") == 0, writes = strcmp(kind, "writes") == 0 || txwrites;
  int points = strcmp(kind, "points") == 0 || connect_each || writes;
  int copyout = strcmp(kind, "copyout") == 0, copyin = strcmp(kind, "copyin") == 0;
  char *data = NULL;
  size_t data_len = 0;
  if (copyin) {
    FILE *f = fopen(argv[5], "rb");
    if (!f) die("cannot open the COPY data file", NULL);
    fseek(f, 0, SEEK_END);
    data_len = (size_t) ftell(f);
    fseek(f, 0, SEEK_SET);
    data = malloc(data_len + 1);
    if (fread(data, 1, data_len, f) != data_len) die("cannot read the COPY data file", NULL);
    fclose(f);
    ntypes = 0;
  }
  int *ids = NULL, nids = 0;
  if (points) ids = read_ids(&nids);
  PGconn *c = PQconnectdb(argv[1]);
  if (PQstatus(c) != CONNECTION_OK) die("connect", c);
  if (points && !connect_each && !writes) expect(PQprepare(c, "p", sql, 1, NULL), c, PGRES_COMMAND_OK, "prepare");
  int nstatements = 0;
  if (writes) {
    char name[16];
    for (char *st = sql, *end; st; st = end) {
      end = strstr(st, ";\n");
      if (end) { *end = '\0'; end += 2; }
      snprintf(name, sizeof name, "w%d", nstatements++);
      expect(PQprepare(c, name, st, 1, NULL), c, PGRES_COMMAND_OK, "prepare");
    }
  }

  const char *print_path = getenv("PQBENCH_PRINT");
  int64_t wall0 = nanos(CLOCK_MONOTONIC), cpu0 = nanos(CLOCK_PROCESS_CPUTIME_ID);
  if (print_path && *print_path) {
    print_out = fopen(print_path, "w");
    if (!print_out) die("cannot open the PQBENCH_PRINT file", NULL);
    setvbuf(print_out, NULL, _IOFBF, 1 << 16);
  }
  const int binary = 1;
  char buf[16];
  if (connect_each) {
    for (int i = 0; i < nids; i++) {
      PGconn *each = PQconnectdb(argv[1]);
      if (PQstatus(each) != CONNECTION_OK) die("connect", each);
      snprintf(buf, sizeof buf, "%d", ids[i]);
      const char *v[1] = {buf};
      PGresult *r = PQexecParams(each, sql, 1, NULL, v, NULL, NULL, binary);
      expect(r, each, PGRES_TUPLES_OK, "query");
      fold_result(r);
      PQclear(r);
      PQfinish(each);
    }
  } else if (writes) {
    char name[16];
    for (int i = 0; i < nids; i++) {
      snprintf(buf, sizeof buf, "%d", ids[i]);
      const char *v[1] = {buf};
      if (txwrites) {
        PGresult *r = PQexec(c, "begin");
        expect(r, c, PGRES_COMMAND_OK, "begin");
        PQclear(r);
      }
      for (int k = 0; k < nstatements; k++) {
        snprintf(name, sizeof name, "w%d", k);
        PGresult *r = PQexecPrepared(c, name, 1, v, NULL, NULL, binary);
        expect(r, c, PGRES_TUPLES_OK, "write");
        fold_result(r);
        PQclear(r);
      }
      if (txwrites) {
        PGresult *r = PQexec(c, "commit");
        expect(r, c, PGRES_COMMAND_OK, "commit");
        PQclear(r);
      }
    }
  } else if (copyout) {
    PGresult *r = PQexec(c, sql);
    expect(r, c, PGRES_COPY_OUT, "copy out");
    PQclear(r);
    char *buf;
    int n;
    uint64_t bytes = 0;
    while ((n = PQgetCopyData(c, &buf, 0)) > 0) {
      bytes += (uint64_t) n;
      for (int i = 0; i < n; i++) fold_rows += buf[i] == '\n';
      PQfreemem(buf);
    }
    if (n == -2) die("copy out", c);
    r = PQgetResult(c);
    expect(r, c, PGRES_COMMAND_OK, "copy out");
    PQclear(r);
    fold_sum = bytes;
  } else if (copyin) {
    char *copy = strchr(sql, '\n');
    if (!copy) die("copyin needs \"statement before\\nCOPY\"", NULL);
    *copy++ = '\0';
    PGresult *r = PQexec(c, sql);
    expect(r, c, PGRES_COMMAND_OK, "before copy");
    PQclear(r);
    r = PQexec(c, copy);
    expect(r, c, PGRES_COPY_IN, "copy in");
    PQclear(r);
    const size_t chunk = 256 * 1024;
    for (size_t off = 0; off < data_len; off += chunk) {
      size_t n = data_len - off < chunk ? data_len - off : chunk;
      if (PQputCopyData(c, data + off, (int) n) != 1) die("copy data", c);
    }
    if (PQputCopyEnd(c, NULL) != 1) die("copy end", c);
    r = PQgetResult(c);
    expect(r, c, PGRES_COMMAND_OK, "copy in");
    fold_rows = strtoull(PQcmdTuples(r), NULL, 10);
    PQclear(r);
  } else if (!points && strcmp(mode, "single") == 0) {
    if (!PQsendQueryParams(c, sql, 0, NULL, NULL, NULL, NULL, binary)) die("send", c);
    if (!PQsetSingleRowMode(c)) die("single-row mode", c);
    PGresult *r;
    while ((r = PQgetResult(c)) != NULL) {
      ExecStatusType s = PQresultStatus(r);
      if (s == PGRES_SINGLE_TUPLE) fold_result(r);
      else if (s != PGRES_TUPLES_OK) expect(r, c, PGRES_TUPLES_OK, "query");
      PQclear(r);
    }
  } else if (!points) {
    PGresult *r = PQexecParams(c, sql, 0, NULL, NULL, NULL, NULL, binary);
    expect(r, c, PGRES_TUPLES_OK, "query");
    fold_result(r);
    PQclear(r);
  } else if (strcmp(mode, "pipeline") == 0) {
    if (!PQenterPipelineMode(c)) die("pipeline mode", c);
    const int window = 64;
    int sent = 0, done = 0;
    while (done < nids) {
      while (sent < nids && sent - done < window) {
        snprintf(buf, sizeof buf, "%d", ids[sent]);
        const char *v[1] = {buf};
        if (!PQsendQueryPrepared(c, "p", 1, v, NULL, NULL, binary)) die("send", c);
        if (PQpipelineSync(c) != 1) die("sync", c);
        sent++;
      }
      PGresult *r = PQgetResult(c);
      expect(r, c, PGRES_TUPLES_OK, "query");
      fold_result(r);
      PQclear(r);
      if (PQgetResult(c) != NULL) die("more than one result", c);
      r = PQgetResult(c);
      expect(r, c, PGRES_PIPELINE_SYNC, "sync");
      PQclear(r);
      done++;
    }
    PQexitPipelineMode(c);
  } else {
    for (int i = 0; i < nids; i++) {
      snprintf(buf, sizeof buf, "%d", ids[i]);
      const char *v[1] = {buf};
      if (strcmp(mode, "single") == 0) {
        if (!PQsendQueryPrepared(c, "p", 1, v, NULL, NULL, binary) || !PQsetSingleRowMode(c)) die("send", c);
        PGresult *r;
        while ((r = PQgetResult(c)) != NULL) {
          if (PQresultStatus(r) == PGRES_SINGLE_TUPLE) fold_result(r);
          else expect(r, c, PGRES_TUPLES_OK, "query");
          PQclear(r);
        }
      } else {
        PGresult *r = PQexecPrepared(c, "p", 1, v, NULL, NULL, binary);
        expect(r, c, PGRES_TUPLES_OK, "query");
        fold_result(r);
        PQclear(r);
      }
    }
  }
  if (print_out && fclose(print_out) != 0) die("cannot write the PQBENCH_PRINT file", NULL);
  int64_t wall = nanos(CLOCK_MONOTONIC) - wall0, cpu = nanos(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
  PQfinish(c);
  print_result(wall, cpu);
  return 0;
}
